import { Code, Group, List, Stack, Text } from '@mantine/core';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/copy-button';

/** What a guide is written with: the caster's address and the person's own username and mountpoint. */
export interface GuideValues {
  host: string;
  port: string;
  tlsPort: string | null;
  username: string;
  mountpoint: string;
}

/** A command or address to paste, with its copy button. */
export function Paste({ value }: { value: string }) {
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <Code block style={{ flex: 1, minWidth: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {value}
      </Code>
      <CopyButton value={value} />
    </Group>
  );
}

/** The numbered steps `help.guides.<id>.step1` … `stepN`, written with the values. */
function Steps({ id, count, values }: { id: string; count: number; values: GuideValues }) {
  const { t } = useTranslation();
  return (
    <List type="ordered" size="sm" spacing={4}>
      {Array.from({ length: count }, (_, i) => `step${i + 1}`).map((step) => (
        <List.Item key={step}>{t(`help.guides.${id}.${step}`, { ...values })}</List.Item>
      ))}
    </List>
  );
}

function Intro({ id }: { id: string }) {
  const { t } = useTranslation();
  return <Text size="sm">{t(`help.guides.${id}.intro`)}</Text>;
}

function Rtklib({ values }: { values: GuideValues }) {
  const { t } = useTranslation();
  const { host, port, username, mountpoint } = values;
  return (
    <Stack gap="xs">
      <Intro id="rtklib" />
      <Paste
        value={`str2str -in ntrip://${username}:PASSWORD@${host}:${port}/${mountpoint} -out serial://ttyUSB0:115200:8:n:1:off -b 1`}
      />
      <Steps id="rtklib" count={3} values={values} />
      {values.tlsPort && <Text size="sm">{t('help.guides.rtklib.tls', { ...values })}</Text>}
    </Stack>
  );
}

function EmlidFlow({ values }: { values: GuideValues }) {
  return (
    <Stack gap="xs">
      <Intro id="emlid" />
      <Steps id="emlid" count={4} values={values} />
    </Stack>
  );
}

function UCenter({ values }: { values: GuideValues }) {
  return (
    <Stack gap="xs">
      <Intro id="ucenter" />
      <Steps id="ucenter" count={4} values={values} />
    </Stack>
  );
}

function SwMaps({ values }: { values: GuideValues }) {
  return (
    <Stack gap="xs">
      <Intro id="swmaps" />
      <Steps id="swmaps" count={4} values={values} />
    </Stack>
  );
}

function Generic({ values }: { values: GuideValues }) {
  const { t } = useTranslation();
  const { host, port, username, mountpoint } = values;
  return (
    <Stack gap="xs">
      <Intro id="generic" />
      <Steps id="generic" count={4} values={values} />
      {values.tlsPort && <Text size="sm">{t('help.guides.generic.tls', { ...values })}</Text>}
      <Text size="sm">{t('help.guides.generic.test')}</Text>
      <Paste
        value={`curl -H "Ntrip-Version: Ntrip/2.0" -u ${username}:PASSWORD http://${host}:${port}/${mountpoint} --output - | head -c 200 | od -c`}
      />
    </Stack>
  );
}

/** The clients the help centre explains, in the order it lists them; each has an anchor of its own (`/help#rtklib`). */
export const connectionGuides: { id: string; Guide: ComponentType<{ values: GuideValues }> }[] = [
  { id: 'rtklib', Guide: Rtklib },
  { id: 'emlid', Guide: EmlidFlow },
  { id: 'ucenter', Guide: UCenter },
  { id: 'swmaps', Guide: SwMaps },
  { id: 'generic', Guide: Generic },
];
