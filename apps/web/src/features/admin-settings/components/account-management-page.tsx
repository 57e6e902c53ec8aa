import {
  type AccountSettingsView,
  accountSettingsLimits,
  maxConnectionsLimit,
  type OrgAccessMode,
  orgAccessModes,
} from '@fixpoint/shared';
import { Code, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconUserCog } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormCard } from '../../../components/form-card';
import { NumberInput } from '../../../components/number-input';
import { PageHeading } from '../../../components/page-heading';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { accountSettingsKeys, accountSettingsQueryOptions, saveAccountSettings } from '../api/account-settings-api';

/**
 * Admin → Settings → Account management (docs/decisions/0039): the connection limit new NTRIP accounts start with,
 * how many accounts one customer may create, how many days ahead owners hear that access ends, and whether new
 * organisations wait for an admin's approval (the beta, docs/decisions/0041).
 */
export function AccountManagementPage() {
  const { t } = useTranslation();
  const settings = useQuery(accountSettingsQueryOptions());
  return (
    <Stack gap="lg" maw={760}>
      <PageHeading
        title={t('adminSettings.accounts.title')}
        icon={IconUserCog}
        description={t('adminSettings.accounts.intro')}
      />
      {settings.isPending ? (
        <Skeleton height={320} radius="md" />
      ) : settings.isError ? (
        <QueryErrorAlert query={settings} />
      ) : (
        <AccountSettingsForm settings={settings.data} />
      )}
    </Stack>
  );
}

function AccountSettingsForm({ settings }: { settings: AccountSettingsView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [connections, setConnections] = useState<number | undefined>(settings.defaultMaxConnections);
  const [perOwner, setPerOwner] = useState<number | undefined>(settings.maxAccountsPerOwner);
  const [reminderDays, setReminderDays] = useState<number | undefined>(settings.reminderDays);
  const [organizationAccess, setOrganizationAccess] = useState<OrgAccessMode>(settings.organizationAccess ?? 'open');
  const save = useMutation({
    mutationFn: saveAccountSettings,
    onSuccess: (saved) => queryClient.setQueryData(accountSettingsKeys.all, saved),
  });
  return (
    <FormCard
      title={t('adminSettings.accounts.form')}
      mutation={save}
      successText={t('settings.saved')}
      submitLabel={t('settings.save')}
      isSubmitDisabled={connections === undefined || perOwner === undefined || reminderDays === undefined}
      onSubmit={() =>
        connections !== undefined &&
        perOwner !== undefined &&
        reminderDays !== undefined &&
        save.mutate({
          defaultMaxConnections: connections,
          maxAccountsPerOwner: perOwner,
          reminderDays,
          organizationAccess,
        })
      }
    >
      <NumberInput
        label={t('adminSettings.accounts.defaultMaxConnections')}
        description={t('adminSettings.accounts.defaultMaxConnectionsHint')}
        value={connections}
        onChange={setConnections}
        min={1}
        max={maxConnectionsLimit}
      />
      <NumberInput
        label={t('adminSettings.accounts.maxAccountsPerOwner')}
        description={t('adminSettings.accounts.maxAccountsPerOwnerHint')}
        value={perOwner}
        onChange={setPerOwner}
        min={1}
        max={accountSettingsLimits.maxAccountsPerOwner}
      />
      <NumberInput
        label={t('adminSettings.accounts.reminderDays')}
        description={t('adminSettings.accounts.reminderDaysHint')}
        value={reminderDays}
        onChange={setReminderDays}
        min={0}
        max={accountSettingsLimits.reminderDays}
      />
      <Select
        label={t('adminOrgs.access.label')}
        description={t('adminOrgs.access.hint')}
        data={orgAccessModes.map((mode) => ({ value: mode, label: t(`adminOrgs.access.${mode}`) }))}
        value={organizationAccess}
        allowDeselect={false}
        onChange={(value) => value && setOrganizationAccess(value as OrgAccessMode)}
      />
      <Text size="sm" c="dimmed">
        {t('adminSettings.accounts.prefix')} <Code>{settings.usernamePrefix}-</Code>
      </Text>
    </FormCard>
  );
}
