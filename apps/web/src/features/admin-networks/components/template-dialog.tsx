import { type NetworkTemplate, networkTextLimits } from '@fixpoint/shared';
import { Button, Group, Modal, NumberInput, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminNetworkKeys, createTemplate, updateTemplate } from '../../../api/admin-networks-api';
import { ErrorAlert } from '../../../components/error-alert';
import { NtripVersionSelect } from './ntrip-version-select';
import { isHost, isNameLength } from './validation';

interface TemplateValues {
  name: string;
  description: string;
  kind: 'hosted' | 'relay';
  defaultHost: string;
  defaultPort: number | string;
  ntripVersion: string;
  authentication: 'none' | 'basic';
  needsGga: boolean;
  dailyPrice: number | string;
}

/** Creates a network template, or edits one (its kind stays: networks made from it depend on it). */
export function TemplateDialog({
  opened,
  template,
  onClose,
}: {
  opened: boolean;
  template: NetworkTemplate | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<TemplateValues>({
    initialValues: {
      name: template?.name ?? '',
      description: template?.description ?? '',
      kind: template?.kind ?? 'hosted',
      defaultHost: template?.defaultHost ?? '',
      defaultPort: template?.defaultPort ?? 2101,
      ntripVersion: String(template?.ntripVersion ?? 2),
      authentication: template?.authentication ?? 'basic',
      needsGga: template?.needsGga ?? false,
      dailyPrice: template?.dailyPrice ?? 1,
    },
    validate: {
      name: (value) => (isNameLength(value) ? null : t('adminNetworks.validation.name')),
      defaultHost: (value) => (!value.trim() || isHost(value) ? null : t('adminNetworks.validation.hostFormat')),
      defaultPort: (value) =>
        Number.isInteger(Number(value)) && Number(value) >= 1 && Number(value) <= 65535
          ? null
          : t('adminNetworks.validation.port'),
      dailyPrice: (value) =>
        Number.isInteger(Number(value)) && Number(value) >= 0 ? null : t('adminNetworks.validation.price'),
    },
  });
  const save = useMutation({
    mutationFn: (values: TemplateValues) => {
      const body = {
        name: values.name.trim(),
        description: values.description.trim(),
        defaultHost: values.defaultHost.trim() || null,
        defaultPort: Number(values.defaultPort),
        ntripVersion: Number(values.ntripVersion) === 1 ? (1 as const) : (2 as const),
        authentication: values.authentication,
        needsGga: values.needsGga,
        dailyPrice: Number(values.dailyPrice),
      };
      return template ? updateTemplate(template.id, body) : createTemplate({ ...body, kind: values.kind });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminNetworkKeys.all });
      onClose();
    },
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        template ? t('adminNetworks.templates.editTitle', { name: template.name }) : t('adminNetworks.templates.new')
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
          <TextInput label={t('adminNetworks.templates.name')} required {...form.getInputProps('name')} />
          <Textarea
            label={t('adminNetworks.templates.description')}
            rows={3}
            maxLength={networkTextLimits.templateDescription}
            {...form.getInputProps('description')}
          />
          <Select
            label={t('adminNetworks.kind.label')}
            description={t('adminNetworks.kind.hint')}
            data={[
              { value: 'hosted', label: t('adminNetworks.kind.hosted') },
              { value: 'relay', label: t('adminNetworks.kind.relay') },
            ]}
            disabled={template !== null}
            allowDeselect={false}
            {...form.getInputProps('kind')}
          />
          <Group grow align="flex-start">
            <TextInput label={t('adminNetworks.templates.defaultHost')} {...form.getInputProps('defaultHost')} />
            <NumberInput
              label={t('adminNetworks.templates.defaultPort')}
              min={1}
              max={65535}
              {...form.getInputProps('defaultPort')}
            />
          </Group>
          <Group grow align="flex-start">
            <NtripVersionSelect {...form.getInputProps('ntripVersion')} />
            <Select
              label={t('adminNetworks.templates.authentication')}
              data={[
                { value: 'basic', label: t('adminNetworks.templates.authBasic') },
                { value: 'none', label: t('adminNetworks.templates.authNone') },
              ]}
              allowDeselect={false}
              {...form.getInputProps('authentication')}
            />
          </Group>
          <NumberInput label={t('adminNetworks.dailyPrice')} min={0} {...form.getInputProps('dailyPrice')} />
          <Switch
            label={t('adminNetworks.templates.needsGga')}
            {...form.getInputProps('needsGga', { type: 'checkbox' })}
          />
          <ErrorAlert error={save.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('adminNetworks.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {template ? t('adminNetworks.save') : t('adminNetworks.templates.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
