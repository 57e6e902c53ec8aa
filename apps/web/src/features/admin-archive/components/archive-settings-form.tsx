import type { AdminArchiveNetwork, ArchiveSettings } from '@fixpoint/shared';
import { Button, Group, SimpleGrid, Stack, Switch } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { AppAlert } from '../../../components/app-alert';
import { NumberInput } from '../../../components/number-input';
import { apiErrorMessage, apiFieldErrors } from '../../../lib/api-error-message';
import { useUpdateArchiveSettings } from '../api/update-archive-settings';

/** The limits of archiveSettingsSchema, so the inputs never hold a value the server refuses. */
const maxRetentionDays = 3650;
const maxHourlyPrice = 1_000_000;

interface SettingsValues {
  retentionDays: number | undefined;
  hourlyPrice: number | undefined;
  recordRelayed: boolean;
}

type Field = keyof SettingsValues;
const fields: Field[] = ['retentionDays', 'hourlyPrice', 'recordRelayed'];

const valuesOf = (settings: ArchiveSettings): SettingsValues => ({
  retentionDays: settings.retentionDays,
  hourlyPrice: settings.hourlyPrice,
  recordRelayed: settings.recordRelayed,
});

/**
 * A network's archive settings: how many days recordings are kept (0: not recorded), what an hour of RINEX costs,
 * and for a relay whether its relayed stations are recorded. The server's objections show under their fields.
 */
export function ArchiveSettingsForm({ network }: { network: AdminArchiveNetwork }) {
  const { t } = useTranslation();
  const form = useForm<SettingsValues>({
    initialValues: valuesOf(network),
    validate: {
      retentionDays: (value) => (value === undefined ? t('adminArchive.settings.wholeDays') : null),
      hourlyPrice: (value) => (value === undefined ? t('adminArchive.settings.wholeCredits') : null),
    },
  });
  const save = useUpdateArchiveSettings(network.id, {
    onSaved: (saved) => {
      const values = valuesOf(saved);
      form.setValues(values);
      form.resetDirty(values);
      notifications.show({ color: 'green', message: t('adminArchive.settings.saved', { name: network.name }) });
    },
  });
  const serverErrors = save.isError ? apiFieldErrors(save.error, t) : {};
  const hasFieldError = fields.some((field) => serverErrors[field]);

  const onSubmit = form.onSubmit(({ retentionDays, hourlyPrice, recordRelayed }) => {
    if (retentionDays === undefined || hourlyPrice === undefined) return;
    save.mutate(
      { retentionDays, hourlyPrice, recordRelayed },
      {
        onError: (error) => {
          const byField = apiFieldErrors(error, t);
          form.setErrors(
            Object.fromEntries(fields.flatMap((field) => (byField[field] ? [[field, byField[field]]] : []))),
          );
        },
      },
    );
  });

  const number = (field: 'retentionDays' | 'hourlyPrice') => ({
    value: form.values[field],
    onChange: (value: number | undefined) => form.setFieldValue(field, value),
    error: form.errors[field],
  });
  const isRelay = network.kind === 'relay';
  const days = form.values.retentionDays;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('adminArchive.settings.formOf', { name: network.name })}>
      <Stack gap="sm">
        {/* Three columns on every card, so the same setting lines up from one network to the next. */}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <NumberInput
            label={t('adminArchive.settings.retentionDays')}
            description={
              days === 0 ? t('adminArchive.settings.retentionOff') : t('adminArchive.settings.retentionHint')
            }
            min={0}
            max={maxRetentionDays}
            {...number('retentionDays')}
          />
          <NumberInput
            label={t('adminArchive.settings.hourlyPrice')}
            description={t('adminArchive.settings.hourlyPriceHint')}
            min={0}
            max={maxHourlyPrice}
            {...number('hourlyPrice')}
          />
          {isRelay && (
            <Switch
              mt={{ base: 0, sm: 'xl' }}
              label={t('adminArchive.settings.recordRelayed')}
              description={t('adminArchive.settings.recordRelayedHint')}
              error={form.errors.recordRelayed}
              {...form.getInputProps('recordRelayed', { type: 'checkbox' })}
            />
          )}
        </SimpleGrid>
        {save.isError && !hasFieldError && <AppAlert status="error">{apiErrorMessage(save.error, t)}</AppAlert>}
        <Group justify="flex-end">
          <Button
            type="submit"
            variant={form.isDirty() ? 'filled' : 'default'}
            loading={save.isPending}
            disabled={!form.isDirty()}
          >
            {t('adminArchive.settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
