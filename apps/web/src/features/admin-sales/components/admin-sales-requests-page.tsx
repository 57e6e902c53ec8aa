import type { AdminSalesRequest } from '@fixpoint/shared';
import { Select, Stack, Table, Text } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppAlert } from '../../../components/app-alert';
import { RowsSkeleton } from '../../../components/loading-fallback';
import { PageHeading } from '../../../components/page-heading';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { type SalesForwardingState, useAdminSalesRequests } from '../api/get-admin-sales-requests';
import { SalesRequestRow } from './sales-request-row';

const forwardingStates: SalesForwardingState[] = ['pending', 'forwarded', 'failed'];

/**
 * `/admin/sales-requests` (issue 15): the leads of the sales flow, newest first, with who sent them, from which page,
 * their message, and whether they reached the automation webhook (pending with its attempts, last error and next
 * attempt; forwarded; failed), filtered by that state. Says so when no webhook is configured.
 */
export function AdminSalesRequestsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<SalesForwardingState | null>(null);
  const leads = useAdminSalesRequests(status);

  let body: ReactNode;
  if (leads.isPending) {
    body = <RowsSkeleton />;
  } else if (leads.isError) {
    body = <QueryErrorAlert query={leads} title={t('adminSales.loadFailed')} />;
  } else if (leads.data.requests.length === 0) {
    body = <Text c="dimmed">{status ? t('adminSales.noMatch') : t('adminSales.empty')}</Text>;
  } else {
    body = <SalesRequestsTable requests={leads.data.requests} />;
  }

  return (
    <Stack gap="lg">
      <PageHeading title={t('adminSales.title')} icon={IconMessages} description={t('adminSales.intro')} />
      {leads.data?.isWebhookConfigured === false && (
        <AppAlert status="warning" title={t('adminSales.noWebhook.title')}>
          {t('adminSales.noWebhook.text')}
        </AppAlert>
      )}
      <Select
        aria-label={t('adminSales.filter')}
        placeholder={t('adminSales.allStates')}
        clearable
        data={forwardingStates.map((value) => ({ value, label: t(`adminSales.state.${value}`) }))}
        value={status}
        onChange={(value) => setStatus(value as SalesForwardingState | null)}
        w={{ base: '100%', sm: 240 }}
      />
      {body}
    </Stack>
  );
}

function SalesRequestsTable({ requests }: { requests: AdminSalesRequest[] }) {
  const { t } = useTranslation();
  // Newest first, whatever order the answer has.
  const sorted = [...requests].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <Table.ScrollContainer minWidth={1200}>
      <Table verticalSpacing="sm" aria-label={t('adminSales.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('adminSales.received')}</Table.Th>
            <Table.Th>{t('adminSales.name')}</Table.Th>
            <Table.Th>{t('adminSales.company')}</Table.Th>
            <Table.Th>{t('adminSales.email')}</Table.Th>
            <Table.Th>{t('adminSales.phone')}</Table.Th>
            <Table.Th>{t('adminSales.page')}</Table.Th>
            <Table.Th>{t('adminSales.message')}</Table.Th>
            <Table.Th>{t('adminSales.forwarding')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((request) => (
            <SalesRequestRow key={request.id} request={request} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
