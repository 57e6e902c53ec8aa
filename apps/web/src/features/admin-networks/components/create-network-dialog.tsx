import { type NetworkTemplate, networkTextLimits } from '@fixpoint/shared';
import { Alert, Button, Group, Modal, NumberInput, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { adminNetworkKeys, createNetwork } from '../../../api/admin-networks-api';
import { ErrorAlert } from '../../../components/error-alert';
import { paths } from '../../../config/paths';
import { isHost, isNameLength } from './validation';

interface NetworkValues {
  templateId: string | null;
  code: string;
  name: string;
  operator: string;
  dailyPrice: number | string;
  upstreamHost: string;
  upstreamPort: number | string;
  upstreamUsername: string;
  upstreamPassword: string;
}

const codePattern = /^[A-Z0-9][A-Z0-9_-]{1,30}$/;

/** A new network from a template: its kind, price and upstream defaults come from the template. */
export function CreateNetworkDialog({
  opened,
  templates,
  onClose,
}: {
  opened: boolean;
  templates: NetworkTemplate[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<NetworkValues>({
    initialValues: {
      templateId: null,
      code: '',
      name: '',
      operator: '',
      dailyPrice: '',
      upstreamHost: '',
      upstreamPort: '',
      upstreamUsername: '',
      upstreamPassword: '',
    },
    validate: {
      templateId: (value) => (value ? null : t('adminNetworks.validation.template')),
      code: (value) => (codePattern.test(value.trim().toUpperCase()) ? null : t('adminNetworks.validation.code')),
      name: (value) => (isNameLength(value) ? null : t('adminNetworks.validation.name')),
      upstreamHost: (value, values) => {
        if (templates.find((tpl) => tpl.id === values.templateId)?.kind !== 'relay') return null;
        if (!value.trim()) return t('adminNetworks.validation.host');
        return isHost(value) ? null : t('adminNetworks.validation.hostFormat');
      },
    },
  });
  const template = templates.find((tpl) => tpl.id === form.values.templateId);

  const chooseTemplate = (id: string | null) => {
    const chosen = templates.find((tpl) => tpl.id === id);
    form.setValues({
      templateId: id,
      dailyPrice: chosen?.dailyPrice ?? '',
      upstreamHost: chosen?.defaultHost ?? '',
      upstreamPort: chosen?.defaultPort ?? '',
    });
  };

  const create = useMutation({
    mutationFn: (values: NetworkValues) =>
      createNetwork({
        templateId: values.templateId as string,
        code: values.code.trim().toUpperCase(),
        name: values.name.trim(),
        operator: values.operator.trim(),
        ...(values.dailyPrice !== '' && { dailyPrice: Number(values.dailyPrice) }),
        ...(template?.kind === 'relay' && {
          upstreamHost: values.upstreamHost.trim(),
          ...(values.upstreamPort !== '' && { upstreamPort: Number(values.upstreamPort) }),
          upstreamUsername: values.upstreamUsername.trim() || null,
          upstreamPassword: values.upstreamPassword || null,
        }),
      }),
    onSuccess: async (network) => {
      await queryClient.invalidateQueries({ queryKey: adminNetworkKeys.all });
      onClose();
      navigate(paths.admin.networks.getHref(network.id));
    },
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t('adminNetworks.create.title')} size="lg">
      <form
        onSubmit={form.onSubmit(
          (values) => create.mutate(values),
          () => create.reset(),
        )}
        noValidate
      >
        <Stack gap="sm">
          {templates.length === 0 && <Alert color="yellow">{t('adminNetworks.create.noTemplates')}</Alert>}
          <Select
            label={t('adminNetworks.create.template')}
            placeholder={t('adminNetworks.create.templatePlaceholder')}
            data={templates.map((tpl) => ({
              value: tpl.id,
              label: `${tpl.name} (${t(`adminNetworks.kind.${tpl.kind}`)})`,
            }))}
            required
            {...form.getInputProps('templateId')}
            onChange={chooseTemplate}
          />
          {template && (
            <Text size="sm" c="dimmed">
              {t('adminNetworks.create.fromTemplate', {
                kind: t(`adminNetworks.kind.${template.kind}`),
                version: template.ntripVersion,
                price: template.dailyPrice,
              })}
            </Text>
          )}
          <Group grow align="flex-start">
            <TextInput
              label={t('adminNetworks.code')}
              description={t('adminNetworks.codeHint')}
              required
              {...form.getInputProps('code')}
            />
            <TextInput label={t('adminNetworks.name')} required {...form.getInputProps('name')} />
          </Group>
          <Group grow align="flex-start">
            <TextInput
              label={t('adminNetworks.operator')}
              maxLength={networkTextLimits.operator}
              {...form.getInputProps('operator')}
            />
            <NumberInput label={t('adminNetworks.dailyPrice')} min={0} {...form.getInputProps('dailyPrice')} />
          </Group>
          {template?.kind === 'relay' && (
            <>
              <Group grow align="flex-start">
                <TextInput label={t('adminNetworks.upstream.host')} required {...form.getInputProps('upstreamHost')} />
                <NumberInput
                  label={t('adminNetworks.upstream.port')}
                  min={1}
                  max={65535}
                  {...form.getInputProps('upstreamPort')}
                />
              </Group>
              {template.authentication === 'basic' && (
                <Group grow align="flex-start">
                  <TextInput
                    label={t('adminNetworks.upstream.username')}
                    autoComplete="off"
                    {...form.getInputProps('upstreamUsername')}
                  />
                  <PasswordInput
                    label={t('adminNetworks.upstream.password')}
                    autoComplete="new-password"
                    {...form.getInputProps('upstreamPassword')}
                  />
                </Group>
              )}
            </>
          )}
          <ErrorAlert error={create.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('adminNetworks.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('adminNetworks.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
