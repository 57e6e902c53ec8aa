import { Badge, Button, Stack, Table, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAntenna } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountKeys, adminAccountsQueryOptions, adminSetDisabled } from '../../../api/accounts-api';
import { ErrorAlert } from '../../../components/error-alert';
import { LoadingFallback } from '../../../components/loading-fallback';
import { PageHeading } from '../../../components/page-heading';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { diagnosisColor } from '../../../lib/diagnosis';

/** Every NTRIP account of every user: search, and disable or enable. */
export function AdminAccountsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const accounts = useQuery(adminAccountsQueryOptions(debounced));
  const toggle = useMutation({
    mutationFn: ({ id, isDisabled }: { id: string; isDisabled: boolean }) => adminSetDisabled(id, isDisabled),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });

  return (
    <Stack gap="lg">
      <PageHeading title={t('admin.accounts.title')} icon={IconAntenna} />
      <TextInput
        label={t('admin.accounts.search')}
        placeholder={t('admin.accounts.searchPlaceholder')}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={420}
      />
      <ErrorAlert error={toggle.error} />
      {accounts.isPending ? (
        <LoadingFallback />
      ) : accounts.isError ? (
        <QueryErrorAlert query={accounts} />
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('accounts.columns.name')}</Table.Th>
                <Table.Th>{t('accounts.columns.username')}</Table.Th>
                <Table.Th>{t('admin.accounts.owner')}</Table.Th>
                <Table.Th>{t('accounts.columns.status')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {accounts.data.map((account) => (
                <Table.Tr key={account.id}>
                  <Table.Td>{account.name}</Table.Td>
                  <Table.Td>{account.username}</Table.Td>
                  <Table.Td>{account.ownerEmail}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={diagnosisColor[account.diagnosis]}>
                      {t(`accounts.diagnosis.${account.diagnosis}.title`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      color={account.isDisabled ? 'green' : 'red'}
                      onClick={() => toggle.mutate({ id: account.id, isDisabled: !account.isDisabled })}
                    >
                      {account.isDisabled ? t('accounts.settings.enable') : t('accounts.settings.disable')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
