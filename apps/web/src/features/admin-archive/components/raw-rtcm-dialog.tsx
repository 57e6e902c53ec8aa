import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WindowFields } from '../../../components/window-fields';
import { fromInputs, lastMinutes, type TimeWindow, toInputs, windowProblem } from '../../../lib/rinex-time';
import type { ArchiveStation } from '../api/get-admin-archive';
import { rawArchiveHref } from '../api/get-raw-archive';

/** Whether the overview shows any recording inside the window (a newer one may have arrived since it loaded). */
function overlapsRecording(station: ArchiveStation, range: TimeWindow) {
  if (!station.firstDataAt || !station.lastDataAt) return false;
  return range.from <= Date.parse(station.lastDataAt) && range.to >= Date.parse(station.firstDataAt);
}

/**
 * The raw recorded RTCM 3 of one station for support: a window in UTC (the last hour unless changed, 24 hours at
 * most), checked here before the download link is offered.
 */
export function RawRtcmDialog({ station, onClose }: { station: ArchiveStation; onClose: () => void }) {
  const { t } = useTranslation();
  const [inputs, setInputs] = useState(() => toInputs(lastMinutes(60, Date.now())));
  const range = fromInputs(inputs);
  // The admin may read everything the archive still holds, so only the order, the length and the future are checked.
  const problem = windowProblem(range, Date.now(), 0);
  const href = range && !problem ? rawArchiveHref(station.id, range) : null;

  return (
    <Modal opened onClose={onClose} title={t('adminArchive.raw.title', { mountpoint: station.mountpoint })} size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('adminArchive.raw.intro')}
        </Text>
        <WindowFields
          inputs={inputs}
          window={range}
          problem={problem}
          oldest={0}
          onEdit={setInputs}
          onChoose={(chosen) => setInputs(toInputs(chosen))}
        />
        {range && !problem && !overlapsRecording(station, range) && (
          <Text size="sm" c="orange.9" data-testid="raw-outside-recording">
            {t('adminArchive.raw.outsideRecording')}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('adminArchive.raw.cancel')}
          </Button>
          {href ? (
            <Button
              component="a"
              href={href}
              download
              leftSection={<IconDownload size={16} aria-hidden />}
              // The link must stay in the page until the browser has followed it; the dialog closes right after.
              onClick={() => setTimeout(onClose)}
            >
              {t('adminArchive.raw.download')}
            </Button>
          ) : (
            <Button disabled leftSection={<IconDownload size={16} aria-hidden />}>
              {t('adminArchive.raw.download')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
