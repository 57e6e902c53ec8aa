import type { AdminSalesRequest } from '@fixpoint/shared';
import { Select } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppAlert } from '../../../components/app-alert';
import { ListPage, ListTable } from '../../../components/list-page';
import { RowsSkeleton } from '../../../components/loading-fallback';
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

  return (
    <ListPage
      title={t('adminSales.title')}
      icon={IconMessages}
      description={t('adminSales.intro')}
      filters={
        <>
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
        </>
      }
      query={leads}
      loading={<RowsSkeleton />}
      errorTitle={t('adminSales.loadFailed')}
      isEmpty={(data) => data.requests.length === 0}
      empty={status ? t('adminSales.noMatch') : t('adminSales.empty')}
    >
      {(data) => <SalesRequestsTable requests={data.requests} />}
    </ListPage>
  );
}

function SalesRequestsTable({ requests }: { requests: AdminSalesRequest[] }) {
  const { t } = useTranslation();
  // Newest first, whatever order the answer has.
  const sorted = [...requests].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <ListTable
      label={t('adminSales.title')}
      minWidth={1200}
      columns={[
        { header: t('adminSales.received') },
        { header: t('adminSales.name') },
        { header: t('adminSales.company') },
        { header: t('adminSales.email') },
        { header: t('adminSales.phone') },
        { header: t('adminSales.page') },
        { header: t('adminSales.message') },
        { header: t('adminSales.forwarding') },
      ]}
    >
      {sorted.map((request) => (
        <SalesRequestRow key={request.id} request={request} />
      ))}
    </ListTable>
  );
}
