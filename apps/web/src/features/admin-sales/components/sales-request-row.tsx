import type { AdminSalesRequest } from '@fixpoint/shared';
import { Anchor, Badge, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SalesForwardingState } from '../api/get-admin-sales-requests';

/** Status colours only for status (docs: DESIGN.md): waiting amber, forwarded green, given up red. */
const stateColor: Record<SalesForwardingState, string> = { pending: 'orange', forwarded: 'green', failed: 'red' };

/** Messages longer than this show their start, with the rest a click away. */
const previewLength = 80;

const numeric = { fontVariantNumeric: 'tabular-nums' } as const;

function useDateTime() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (iso: string) => format.format(new Date(iso));
}

function MessageCell({ message }: { message: string }) {
  const { t } = useTranslation();
  const [isExpanded, setExpanded] = useState(false);
  if (!message) return <Text c="dimmed">—</Text>;
  const isLong = message.length > previewLength;
  return (
    <Stack gap={2} maw={320}>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="sales-message">
        {isLong && !isExpanded ? `${message.slice(0, previewLength).trimEnd()}…` : message}
      </Text>
      {isLong && (
        <Anchor
          component="button"
          type="button"
          size="xs"
          onClick={() => setExpanded(!isExpanded)}
          aria-expanded={isExpanded}
        >
          {isExpanded ? t('adminSales.showLess') : t('adminSales.showAll')}
        </Anchor>
      )}
    </Stack>
  );
}

function ForwardingCell({ request }: { request: AdminSalesRequest }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const { forwarding, attempts, lastError, nextAttemptAt, forwardedAt } = request;
  return (
    <Stack gap={4} align="flex-start" maw={280}>
      <Badge color={stateColor[forwarding]} variant="dot" data-testid="sales-forwarding">
        {t(`adminSales.state.${forwarding}`)}
      </Badge>
      {attempts > 0 && (
        <Text size="xs" c="dimmed" style={numeric}>
          {t('adminSales.attempts', { count: attempts })}
        </Text>
      )}
      {forwarding === 'forwarded' && forwardedAt && (
        <Text size="xs" c="dimmed" style={numeric}>
          {t('adminSales.forwardedAt', { time: dateTime(forwardedAt) })}
        </Text>
      )}
      {forwarding === 'pending' && attempts > 0 && nextAttemptAt && (
        <Text size="xs" c="dimmed" style={numeric}>
          {t('adminSales.nextAttempt', { time: dateTime(nextAttemptAt) })}
        </Text>
      )}
      {forwarding !== 'forwarded' && lastError && (
        <Text size="xs" c="red.9" style={{ overflowWrap: 'anywhere' }}>
          {t('adminSales.lastError', { error: lastError })}
        </Text>
      )}
    </Stack>
  );
}

/** One lead of the admin's list. */
export function SalesRequestRow({ request }: { request: AdminSalesRequest }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const name = `${request.firstName} ${request.lastName}`.trim();
  const isOtherSender = request.loggedInEmail !== '' && request.loggedInEmail !== request.email;
  return (
    <Table.Tr data-testid="sales-request-row" style={{ verticalAlign: 'top' }}>
      <Table.Td style={numeric}>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {dateTime(request.createdAt)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={500}>
          {name}
        </Text>
      </Table.Td>
      <Table.Td>{request.company || <Text c="dimmed">—</Text>}</Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <Anchor href={`mailto:${request.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {request.email}
          </Anchor>
          {isOtherSender && (
            <Text size="xs" c="dimmed">
              {t('adminSales.signedInAs', { email: request.loggedInEmail })}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        {request.phoneNumber ? (
          <Anchor
            href={`tel:${request.phoneNumber.replace(/[^\d+]/g, '')}`}
            size="sm"
            style={{ ...numeric, whiteSpace: 'nowrap' }}
          >
            {request.phoneNumber}
          </Anchor>
        ) : (
          <Text c="dimmed">—</Text>
        )}
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {request.submittedFrom || '—'}
          </Text>
          {request.gclid && (
            <Text size="xs" c="dimmed">
              {t('adminSales.fromAd')}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <MessageCell message={request.message} />
      </Table.Td>
      <Table.Td>
        <ForwardingCell request={request} />
      </Table.Td>
    </Table.Tr>
  );
}
