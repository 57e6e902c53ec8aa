import { type AuditEntry, type AuditKind, auditKinds, auditTargetKinds } from '@fixpoint/shared';
import { Button, Group, Select, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconHistory, IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { type AuditFilters, auditLogCsvHref, auditLogQueryOptions, emptyAuditFilters } from '../api/audit-log-api';

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** A filter's width: the whole row on a phone, half of it on a tablet (768 px), `px` on a wide screen. */
const half = (px: number) => ({ base: '100%', xs: 'calc(50% - 6px)', lg: px });

/** An action's words: its kind `group.verb` is the key path of its text. */
const kindLabel = (t: TFunction, kind: AuditKind) => {
  const [group, verb] = kind.split('.');
  return t(`adminAuditLog.kinds.${group}.${verb}`);
};

/**
 * `/admin/audit-log` (issue 28, decision 0064): every admin and money action, newest first, filtered by actor,
 * target, action and UTC days, older pages on demand, and the same filters as a CSV download.
 */
export function AuditLogPage() {
  const { t } = useTranslation();
  // A link may open the page filtered (`?target=<id>` from a user's page).
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<AuditFilters>(() => ({
    ...emptyAuditFilters,
    actor: params.get('actor') ?? '',
    target: params.get('target') ?? '',
  }));
  const [debounced] = useDebouncedValue(filters, 300);
  // A half-typed date is not sent: the API would refuse it.
  const applied: AuditFilters = {
    ...debounced,
    from: dayPattern.test(debounced.from) ? debounced.from : '',
    to: dayPattern.test(debounced.to) ? debounced.to : '',
  };
  const log = useInfiniteQuery(auditLogQueryOptions(applied));
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const isFiltered = Object.values(applied).some((value) => value !== '');
  const set = (key: keyof AuditFilters) => (value: string | null) =>
    setFilters((current) => ({ ...current, [key]: value ?? '' }));

  return (
    <Stack gap="lg">
      <PageHeading
        title={t('adminAuditLog.title')}
        icon={IconHistory}
        description={t('adminAuditLog.intro')}
        actions={
          <Button
            component="a"
            href={auditLogCsvHref(applied)}
            download
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            {t('adminAuditLog.downloadCsv')}
          </Button>
        }
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('adminAuditLog.actor')}
          placeholder={t('adminAuditLog.actorPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={filters.actor}
          onChange={(event) => set('actor')(event.currentTarget.value)}
          w={half(220)}
        />
        <TextInput
          label={t('adminAuditLog.target')}
          placeholder={t('adminAuditLog.targetPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={filters.target}
          onChange={(event) => set('target')(event.currentTarget.value)}
          w={half(220)}
        />
        <Select
          label={t('adminAuditLog.targetKind')}
          placeholder={t('adminAuditLog.allTargetKinds')}
          clearable
          data={auditTargetKinds.map((value) => ({ value, label: t(`adminAuditLog.targetKinds.${value}`) }))}
          value={filters.targetKind || null}
          onChange={set('targetKind')}
          w={half(180)}
        />
        <Select
          label={t('adminAuditLog.kind')}
          placeholder={t('adminAuditLog.allKinds')}
          clearable
          searchable
          data={auditKinds.map((value) => ({ value, label: kindLabel(t, value) }))}
          value={filters.kind || null}
          onChange={set('kind')}
          w={half(240)}
        />
        <TextInput
          type="date"
          label={t('adminAuditLog.from')}
          value={filters.from}
          onChange={(event) => set('from')(event.currentTarget.value)}
          w={half(160)}
        />
        <TextInput
          type="date"
          label={t('adminAuditLog.to')}
          value={filters.to}
          onChange={(event) => set('to')(event.currentTarget.value)}
          w={half(160)}
        />
        {Object.values(filters).some((value) => value !== '') && (
          <Button variant="subtle" color="gray" onClick={() => setFilters(emptyAuditFilters)}>
            {t('adminAuditLog.clearFilters')}
          </Button>
        )}
      </Group>
      {log.isPending ? (
        <Stack gap="xs" aria-busy>
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} height={44} radius="sm" />
          ))}
        </Stack>
      ) : log.isError && entries.length === 0 ? (
        <QueryErrorAlert query={log} />
      ) : entries.length === 0 ? (
        <Text c="dimmed">{isFiltered ? t('adminAuditLog.noMatch') : t('adminAuditLog.empty')}</Text>
      ) : (
        <>
          <AuditTable entries={entries} />
          <QueryErrorAlert query={log} />
          {log.hasNextPage && (
            <Group justify="center">
              <Button variant="default" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
                {t('adminAuditLog.loadMore')}
              </Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}

/** The entries as a table: time, actor, action, target and what changed. */
function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const { t, i18n } = useTranslation();
  const time = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" aria-label={t('adminAuditLog.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('adminAuditLog.time')}</Table.Th>
            <Table.Th>{t('adminAuditLog.actor')}</Table.Th>
            <Table.Th>{t('adminAuditLog.kind')}</Table.Th>
            <Table.Th>{t('adminAuditLog.target')}</Table.Th>
            <Table.Th>{t('adminAuditLog.change')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id} data-testid="audit-entry" style={{ verticalAlign: 'top' }}>
              <Table.Td style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                <Text size="sm">{time(entry.at)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{entry.actor.id ? entry.actor.email : t('adminAuditLog.system')}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {kindLabel(t, entry.kind)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{entry.target.label || entry.target.id}</Text>
                <Text size="xs" c="dimmed">
                  {t(`adminAuditLog.targetKinds.${entry.target.kind}`)}
                </Text>
              </Table.Td>
              <Table.Td>
                <ChangeSummary before={entry.before} after={entry.after} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const shownFields = 5;

const show = (value: unknown) => {
  if (value === null || value === undefined) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
};

/** The fields that differ between before and after, as "field: before → after"; the first few of them. */
function ChangeSummary({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation();
  const asRecord = (value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  const old = asRecord(before);
  const next = asRecord(after);
  if (!old && !next) return <Text size="sm">—</Text>;
  if (!old || !next) {
    return (
      <Text size="sm" c="dimmed">
        {t(old ? 'adminAuditLog.removed' : 'adminAuditLog.created')}
      </Text>
    );
  }
  const changed = [...new Set([...Object.keys(old), ...Object.keys(next)])].filter(
    (key) => key !== 'updatedAt' && JSON.stringify(old[key]) !== JSON.stringify(next[key]),
  );
  if (changed.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('adminAuditLog.noChange')}
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      {changed.slice(0, shownFields).map((key) => (
        <Text key={key} size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span c="dimmed" size="sm">
            {key}:
          </Text>{' '}
          {show(old[key])} → {show(next[key])}
        </Text>
      ))}
      {changed.length > shownFields && (
        <Text size="xs" c="dimmed">
          {t('adminAuditLog.moreFields', { count: changed.length - shownFields })}
        </Text>
      )}
    </Stack>
  );
}
