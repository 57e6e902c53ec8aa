import { Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatData, formatHours } from './usage-format';

export interface UsageRow {
  id: string;
  name: string;
  detail: string;
  sessions: number;
  hours: number;
  bytes: number;
  creditsSpent: number;
  /** Per account: the rover's health badge and fix share (issue 33); the column shows when any row has one. */
  health?: ReactNode;
}

const numeric = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;

/** One usage table (per member or per account): sessions, hours, data and credits, numbers right-aligned. */
export function UsageTable({
  id,
  title,
  nameHeader,
  rows,
  emptyText,
}: {
  id: string;
  title: string;
  nameHeader: string;
  rows: UsageRow[];
  emptyText: string;
}) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const hasHealth = rows.some((row) => row.health !== undefined);
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="xs">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {emptyText}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped verticalSpacing="xs" aria-labelledby={id}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{nameHeader}</Table.Th>
                <Table.Th style={numeric}>{t('org.usage.sessions')}</Table.Th>
                <Table.Th style={numeric}>{t('org.usage.hours')}</Table.Th>
                <Table.Th style={numeric}>{t('org.usage.data')}</Table.Th>
                <Table.Th style={numeric}>{t('org.usage.credits')}</Table.Th>
                {hasHealth && <Table.Th>{t('fleet.column')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {row.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {row.detail}
                    </Text>
                  </Table.Td>
                  <Table.Td style={numeric}>{number.format(row.sessions)}</Table.Td>
                  <Table.Td style={numeric}>{formatHours(row.hours, i18n.language)}</Table.Td>
                  <Table.Td style={numeric}>{formatData(row.bytes, i18n.language)}</Table.Td>
                  <Table.Td style={numeric}>{number.format(row.creditsSpent)}</Table.Td>
                  {hasHealth && <Table.Td>{row.health}</Table.Td>}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}
