import type { AdminStation, CreateStation, NetworkTemplate, StationWithSecret } from '@fixpoint/shared';
import { Alert, Button, Group, Modal, NumberInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addStation, adminNetworkKeys, regenerateSourcePassword, updateStation } from '../../../api/admin-networks-api';
import { ErrorAlert } from '../../../components/error-alert';

interface StationValues {
  mountpoint: string;
  identifier: string;
  latitude: number | string;
  longitude: number | string;
  height: number | string;
  format: string;
  formatDetails: string;
  navSystem: string;
  needsGga: boolean;
  upstreamMountpoint: string;
  isEnabled: boolean;
}

const mountpointPattern = /^[A-Za-z0-9_.-]{1,100}$/;
const numberOrNull = (value: number | string) => (value === '' ? null : Number(value));

/** Adds a station by hand or edits one. An empty position is filled from the base's RTCM 1005/1006. */
export function StationDialog({
  networkId,
  kind,
  station,
  onClose,
  onPassword,
}: {
  networkId: string;
  kind: NetworkTemplate['kind'];
  station: AdminStation | null;
  onClose: () => void;
  /** A new source password to show once. */
  onPassword: (secret: StationWithSecret) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const entered = station?.positionSource === 'entered' ? station.position : null;
  const form = useForm<StationValues>({
    initialValues: {
      mountpoint: station?.mountpoint ?? '',
      identifier: station?.identifier ?? '',
      latitude: entered?.latitude ?? '',
      longitude: entered?.longitude ?? '',
      height: entered?.height ?? '',
      format: station?.format ?? 'RTCM 3.3',
      formatDetails: station?.formatDetails ?? '',
      navSystem: station?.navSystem ?? 'GPS+GLO+GAL+BDS',
      needsGga: station?.needsGga ?? false,
      upstreamMountpoint: station?.upstreamMountpoint ?? '',
      isEnabled: station?.isEnabled ?? true,
    },
    validate: {
      mountpoint: (value) => (mountpointPattern.test(value.trim()) ? null : t('adminNetworks.validation.mountpoint')),
      identifier: (value) => (value.trim().length <= 100 ? null : t('adminNetworks.validation.tooLong', { max: 100 })),
      formatDetails: (value) =>
        value.trim().length <= 500 ? null : t('adminNetworks.validation.tooLong', { max: 500 }),
      // Empty means "the same as ours"; a name given follows the same rule as a mountpoint.
      upstreamMountpoint: (value) =>
        value.trim() === '' || mountpointPattern.test(value.trim()) ? null : t('adminNetworks.validation.mountpoint'),
      latitude: (value, values) =>
        (value === '') !== (values.longitude === '')
          ? t('adminNetworks.validation.bothCoordinates')
          : value !== '' && Math.abs(Number(value)) > 90
            ? t('adminNetworks.validation.latitude')
            : null,
      longitude: (value) =>
        value !== '' && Math.abs(Number(value)) > 180 ? t('adminNetworks.validation.longitude') : null,
    },
  });

  // A new source password locks the base station out until it gets it, so it is asked for twice.
  const [isConfirmingRegenerate, setConfirmingRegenerate] = useState(false);
  const invalidate = () => queryClient.invalidateQueries({ queryKey: adminNetworkKeys.all });
  const save = useMutation({
    mutationFn: async (values: StationValues) => {
      const body: CreateStation = {
        mountpoint: values.mountpoint.trim(),
        identifier: values.identifier.trim(),
        format: values.format.trim() || 'RTCM 3.3',
        formatDetails: values.formatDetails.trim(),
        navSystem: values.navSystem.trim(),
        needsGga: values.needsGga,
        isEnabled: values.isEnabled,
        // Left empty on a new station: the caster fills it from 1005/1006. Emptied on an edit: back to decoded.
        ...((values.latitude !== '' || station) && {
          latitude: numberOrNull(values.latitude),
          longitude: numberOrNull(values.longitude),
          height: numberOrNull(values.height),
        }),
        ...(kind === 'relay' && { upstreamMountpoint: values.upstreamMountpoint.trim() || values.mountpoint.trim() }),
      };
      if (station) {
        await updateStation(networkId, station.id, body);
        return null;
      }
      return addStation(networkId, body);
    },
    onSuccess: async (created) => {
      await invalidate();
      onClose();
      if (created?.sourcePassword) onPassword(created);
    },
  });
  const regenerate = useMutation({
    mutationFn: () => regenerateSourcePassword(networkId, station?.id ?? ''),
    onSuccess: async (result) => {
      await invalidate();
      onClose();
      if (result.sourcePassword) onPassword(result);
    },
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={
        station
          ? t('adminNetworks.stations.editTitle', { mountpoint: station.mountpoint })
          : t('adminNetworks.stations.add')
      }
      size="lg"
    >
      <form
        onSubmit={form.onSubmit(
          (values) => save.mutate(values),
          () => save.reset(),
        )}
        noValidate
      >
        <Stack gap="sm">
          <Group grow align="flex-start">
            <TextInput
              label={t('adminNetworks.stations.mountpoint')}
              description={t('adminNetworks.stations.mountpointHint')}
              required
              {...form.getInputProps('mountpoint')}
            />
            <TextInput label={t('adminNetworks.stations.identifier')} {...form.getInputProps('identifier')} />
          </Group>
          <Text size="sm" c="dimmed">
            {t('adminNetworks.stations.positionHint')}
          </Text>
          <Group grow align="flex-start">
            <NumberInput
              label={t('adminNetworks.stations.latitude')}
              decimalScale={9}
              {...form.getInputProps('latitude')}
            />
            <NumberInput
              label={t('adminNetworks.stations.longitude')}
              decimalScale={9}
              {...form.getInputProps('longitude')}
            />
            <NumberInput
              label={t('adminNetworks.stations.height')}
              decimalScale={3}
              {...form.getInputProps('height')}
            />
          </Group>
          <Group grow align="flex-start">
            <TextInput label={t('adminNetworks.stations.format')} {...form.getInputProps('format')} />
            <TextInput label={t('adminNetworks.stations.navSystem')} {...form.getInputProps('navSystem')} />
          </Group>
          <TextInput
            label={t('adminNetworks.stations.formatDetails')}
            placeholder="1005(10),1077(1),1087(1)"
            {...form.getInputProps('formatDetails')}
          />
          {kind === 'relay' && (
            <TextInput
              label={t('adminNetworks.stations.upstreamMountpoint')}
              description={t('adminNetworks.stations.upstreamMountpointHint')}
              {...form.getInputProps('upstreamMountpoint')}
            />
          )}
          <Switch
            label={t('adminNetworks.stations.needsGga')}
            {...form.getInputProps('needsGga', { type: 'checkbox' })}
          />
          <Switch
            label={t('adminNetworks.stations.enabled')}
            {...form.getInputProps('isEnabled', { type: 'checkbox' })}
          />
          <ErrorAlert error={save.error} />
          <ErrorAlert error={regenerate.error} />
          {isConfirmingRegenerate && (
            <Alert color="orange" data-testid="regenerate-confirm">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{t('adminNetworks.password.regenerateConfirm')}</Text>
                <Group gap="xs">
                  <Button size="xs" color="orange" loading={regenerate.isPending} onClick={() => regenerate.mutate()}>
                    {t('adminNetworks.password.regenerateYes')}
                  </Button>
                  <Button size="xs" variant="default" onClick={() => setConfirmingRegenerate(false)}>
                    {t('adminNetworks.password.regenerateKeep')}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}
          <Group justify="space-between">
            {station && kind === 'hosted' ? (
              <Button
                variant="default"
                color="orange"
                disabled={isConfirmingRegenerate}
                onClick={() => setConfirmingRegenerate(true)}
              >
                {t('adminNetworks.password.regenerate')}
              </Button>
            ) : (
              <span />
            )}
            <Group>
              <Button variant="default" onClick={onClose}>
                {t('adminNetworks.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {station ? t('adminNetworks.save') : t('adminNetworks.stations.add')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
