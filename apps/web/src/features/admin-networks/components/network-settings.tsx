import { type AdminNetworkDetail, networkTextLimits, type UpdateNetwork } from '@fixpoint/shared';
import {
  Button,
  Card,
  Group,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminNetworkKeys, updateNetwork } from '../../../api/admin-networks-api';
import { ErrorAlert } from '../../../components/error-alert';
import { NtripVersionSelect } from './ntrip-version-select';
import { isHost, isNameLength } from './validation';

interface SettingsValues {
  name: string;
  operator: string;
  description: string;
  dailyPrice: number | string;
  visibility: 'public' | 'private';
  accessStartsAt: 'purchase' | 'first-connection';
  coverageRadiusKm: number | string;
  upstreamHost: string;
  upstreamPort: number | string;
  upstreamVersion: string;
  upstreamUsername: string;
  upstreamPassword: string;
}

const valuesOf = (network: AdminNetworkDetail): SettingsValues => ({
  name: network.name,
  operator: network.operator,
  description: network.description,
  dailyPrice: network.dailyPrice,
  visibility: network.visibility,
  accessStartsAt: network.accessStartsAt,
  coverageRadiusKm: network.coverageRadiusKm,
  upstreamHost: network.upstream.host ?? '',
  upstreamPort: network.upstream.port ?? '',
  upstreamVersion: String(network.upstream.version ?? 2),
  upstreamUsername: network.upstream.username ?? '',
  upstreamPassword: '',
});

/** The network's own settings and, for import and relay, the upstream caster (its password is write-only). */
export function NetworkSettings({ network }: { network: AdminNetworkDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<SettingsValues>({
    initialValues: valuesOf(network),
    validate: {
      name: (value) => (isNameLength(value) ? null : t('adminNetworks.validation.name')),
      dailyPrice: (value) =>
        Number.isInteger(Number(value)) && Number(value) >= 0 ? null : t('adminNetworks.validation.price'),
      coverageRadiusKm: (value) =>
        value !== '' && Number(value) > 0 && Number(value) <= 500 ? null : t('adminNetworks.validation.radius'),
      upstreamHost: (value) =>
        network.kind === 'relay' && !value.trim()
          ? t('adminNetworks.validation.host')
          : value.trim() && !isHost(value)
            ? t('adminNetworks.validation.hostFormat')
            : null,
    },
  });
  const save = useMutation({
    mutationFn: (values: SettingsValues) => {
      const host = values.upstreamHost.trim();
      const body: UpdateNetwork = {
        name: values.name.trim(),
        operator: values.operator.trim(),
        description: values.description.trim(),
        dailyPrice: Number(values.dailyPrice),
        visibility: values.visibility,
        accessStartsAt: values.accessStartsAt,
        coverageRadiusKm: Number(values.coverageRadiusKm),
        upstreamHost: host || null,
        upstreamPort: host && values.upstreamPort !== '' ? Number(values.upstreamPort) : null,
        upstreamVersion: host ? (Number(values.upstreamVersion) === 1 ? 1 : 2) : null,
        upstreamUsername: values.upstreamUsername.trim() || null,
        // Empty keeps the stored password.
        ...(values.upstreamPassword !== '' && { upstreamPassword: values.upstreamPassword }),
      };
      return updateNetwork(network.id, body);
    },
    // The form takes the saved values (and forgets the password) and stays mounted, so "Saved." can show.
    onSuccess: async (saved) => {
      const values = valuesOf(saved);
      form.setValues(values);
      form.resetDirty(values);
      await queryClient.invalidateQueries({ queryKey: adminNetworkKeys.all });
    },
  });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="network-settings">
      <form
        onSubmit={form.onSubmit(
          (values) => save.mutate(values),
          () => save.reset(),
        )}
        noValidate
      >
        <Stack gap="sm">
          <Title order={2} size="h3" id="network-settings">
            {t('adminNetworks.settings.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('adminNetworks.name')} required {...form.getInputProps('name')} />
            <TextInput
              label={t('adminNetworks.operator')}
              maxLength={networkTextLimits.operator}
              {...form.getInputProps('operator')}
            />
            <NumberInput label={t('adminNetworks.dailyPrice')} min={0} {...form.getInputProps('dailyPrice')} />
            <NumberInput
              label={t('adminNetworks.settings.coverageRadius')}
              min={1}
              max={500}
              {...form.getInputProps('coverageRadiusKm')}
            />
            <Select
              label={t('adminNetworks.settings.visibility')}
              data={[
                { value: 'public', label: t('adminNetworks.settings.public') },
                { value: 'private', label: t('adminNetworks.settings.private') },
              ]}
              allowDeselect={false}
              {...form.getInputProps('visibility')}
            />
            <Select
              label={t('adminNetworks.settings.accessStartsAt')}
              data={[
                { value: 'purchase', label: t('adminNetworks.settings.fromPurchase') },
                { value: 'first-connection', label: t('adminNetworks.settings.fromFirstConnection') },
              ]}
              allowDeselect={false}
              {...form.getInputProps('accessStartsAt')}
            />
          </SimpleGrid>
          <Textarea
            label={t('adminNetworks.settings.description')}
            rows={3}
            maxLength={networkTextLimits.networkDescription}
            {...form.getInputProps('description')}
          />
          <Title order={3} size="h5" mt="sm">
            {t('adminNetworks.upstream.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {network.kind === 'relay' ? t('adminNetworks.upstream.relayHint') : t('adminNetworks.upstream.hostedHint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput label={t('adminNetworks.upstream.host')} {...form.getInputProps('upstreamHost')} />
            <NumberInput
              label={t('adminNetworks.upstream.port')}
              min={1}
              max={65535}
              {...form.getInputProps('upstreamPort')}
            />
            <NtripVersionSelect {...form.getInputProps('upstreamVersion')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('adminNetworks.upstream.username')}
              autoComplete="off"
              {...form.getInputProps('upstreamUsername')}
            />
            <PasswordInput
              label={t('adminNetworks.upstream.password')}
              description={network.upstream.hasPassword ? t('adminNetworks.upstream.passwordStored') : undefined}
              autoComplete="new-password"
              {...form.getInputProps('upstreamPassword')}
            />
          </SimpleGrid>
          <ErrorAlert error={save.error} />
          {save.isSuccess && !form.isDirty() && (
            <Text size="sm" c="green.9" role="status">
              {t('adminNetworks.settings.saved')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('adminNetworks.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
