import { Alert, Code, Group, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { credentialsQueryOptions } from '../../../api/accounts-api';
import { CopyButton } from '../../../components/copy-button';
import { RowsSkeleton } from '../../../components/loading-fallback';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { useOwnerScope } from '../../../session/owner-scope';

/** What to type into the receiver, each value with a copy button, and a ready-made ntrip:// URL for RTKLIB. */
export function CredentialsPanel({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const scope = useOwnerScope();
  const credentials = useQuery(credentialsQueryOptions(scope, accountId));
  const [mountpoint, setMountpoint] = useState<string | null>(null);
  if (credentials.isPending) return <RowsSkeleton rows={3} />;
  if (credentials.isError) return <QueryErrorAlert query={credentials} />;
  const c = credentials.data;
  const chosen = mountpoint ?? c.mountpoints[0]?.mountpoint ?? '';
  const rtklib = `ntrip://${encodeURIComponent(c.username)}:${encodeURIComponent(c.password)}@${c.host}:${c.port}/${chosen}`;
  const field = (label: string, value: string, testId: string) => (
    <TextInput
      label={label}
      value={value}
      readOnly
      data-testid={testId}
      rightSection={<CopyButton value={value} label={`${t('copy.copy')}: ${label}`} />}
    />
  );

  return (
    <Stack gap="sm">
      <Alert color="blue" variant="light">
        {t('accounts.credentials.notWebPassword')}
      </Alert>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {field(t('accounts.credentials.host'), c.host, 'credential-host')}
        {field(t('accounts.credentials.port'), String(c.port), 'credential-port')}
        {c.tlsPort !== null && field(t('accounts.credentials.tlsPort'), String(c.tlsPort), 'credential-tls-port')}
        {field(t('accounts.credentials.username'), c.username, 'credential-username')}
        <PasswordInput
          label={t('accounts.credentials.password')}
          value={c.password}
          readOnly
          data-testid="credential-password"
          rightSectionWidth={64}
          rightSection={
            <CopyButton value={c.password} label={`${t('copy.copy')}: ${t('accounts.credentials.password')}`} />
          }
        />
      </SimpleGrid>
      {c.mountpoints.length > 0 ? (
        <Select
          label={t('accounts.credentials.mountpoint')}
          description={t('accounts.credentials.autoHint')}
          data={c.mountpoints.map((m) => ({ value: m.mountpoint, label: `${m.mountpoint} · ${m.networkName}` }))}
          value={chosen}
          onChange={setMountpoint}
          allowDeselect={false}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t('accounts.credentials.noMountpoints')}
        </Text>
      )}
      <Text size="sm">{t('accounts.credentials.version')}</Text>
      {chosen && (
        <Group gap="xs" wrap="nowrap">
          <Code style={{ overflowWrap: 'anywhere' }} data-testid="credential-rtklib">
            {rtklib}
          </Code>
          <CopyButton value={rtklib} label={`${t('copy.copy')}: ${t('accounts.credentials.rtklib')}`} />
        </Group>
      )}
    </Stack>
  );
}
