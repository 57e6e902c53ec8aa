import { Group, Select, Skeleton, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Icon, IconSearch } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from './error-alert';
import { PageHeading } from './page-heading';
import { QueryErrorAlert } from './query-error-alert';

/**
 * The shape the admin list pages share (issue 29): the heading, the filters, why the last action on a row failed,
 * then the list in one of its four states: loading (row skeletons), failed (with a retry), empty (the page's own
 * words, which may say that the filters match nothing) or the rows, which the page draws from the data.
 */
export function ListPage<TData>({
  title,
  icon,
  description,
  actions,
  maw,
  filters,
  actionError,
  query,
  isEmpty,
  empty,
  loading,
  errorTitle,
  children,
}: {
  title: string;
  icon: Icon;
  description?: ReactNode;
  /** Buttons on the heading's right (create, grant). */
  actions?: ReactNode;
  maw?: number;
  filters?: ReactNode;
  /** A row action's error (a mutation's), shown above the list. */
  actionError?: Error | null;
  query: UseQueryResult<TData>;
  /** Whether the answer has nothing to list; without it the list is never empty. */
  isEmpty?: (data: TData) => boolean;
  /** What an empty list says: a text in dimmed words, or the page's own block. */
  empty?: ReactNode;
  /** The loading shape, where the list is not rows. */
  loading?: ReactNode;
  /** The failed load's title, where the page names what did not load. */
  errorTitle?: string;
  children: (data: TData) => ReactNode;
}) {
  let body: ReactNode;
  if (query.isPending) body = loading ?? <ListSkeleton />;
  else if (query.isError) body = <QueryErrorAlert query={query} title={errorTitle} />;
  else if (isEmpty?.(query.data)) body = typeof empty === 'string' ? <Text c="dimmed">{empty}</Text> : empty;
  else body = children(query.data);
  return (
    <Stack gap="lg" maw={maw}>
      <PageHeading title={title} icon={icon} description={description} actions={actions} />
      {filters}
      <ErrorAlert error={actionError} />
      {body}
    </Stack>
  );
}

/** Rows while a list loads. */
function ListSkeleton() {
  return (
    <Stack gap="xs" aria-busy>
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} height={44} radius="sm" />
      ))}
    </Stack>
  );
}

/** The search text as typed, and trimmed a moment after the last key (what a list query asks for). */
export function useListSearch() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  return { search, setSearch, debounced };
}

/** A list's search box and, where it has one, its status filter, in a row that wraps on a phone. */
export function ListFilters<TStatus extends string>({
  search,
  onSearch,
  status,
}: {
  search: string;
  onSearch: (value: string) => void;
  status?: {
    label: string;
    placeholder: string;
    options: { value: TStatus; label: string }[];
    value: TStatus | null;
    onChange: (value: TStatus | null) => void;
  };
}) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" align="flex-end">
      <TextInput
        placeholder={t('cardTable.search')}
        aria-label={t('cardTable.search')}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        w={{ base: '100%', sm: 320 }}
      />
      {status && (
        <Select
          aria-label={status.label}
          placeholder={status.placeholder}
          clearable
          data={status.options}
          value={status.value}
          onChange={(value) => status.onChange(value as TStatus | null)}
          w={{ base: '100%', sm: 220 }}
        />
      )}
    </Group>
  );
}

export interface ListColumn {
  header: ReactNode;
  isNumeric?: boolean;
}

/**
 * A list's table: it scrolls sideways below `minWidth` (a phone keeps every column), with its headers and, where
 * the rows have actions, a last column whose header only a screen reader hears. The page draws the rows.
 */
export function ListTable({
  label,
  minWidth,
  columns,
  hasActions = false,
  verticalSpacing = 'sm',
  children,
}: {
  label: string;
  minWidth: number;
  columns: ListColumn[];
  hasActions?: boolean;
  verticalSpacing?: 'xs' | 'sm';
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing={verticalSpacing} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, index) => (
              // The headers are fixed for a table's life: their place is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <Table.Th key={index} ta={column.isNumeric ? 'right' : undefined}>
                {column.header}
              </Table.Th>
            ))}
            {hasActions && (
              <Table.Th>
                <VisuallyHidden>{t('cardTable.actions')}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A number cell's figures in even widths, so a column of them lines up. */
export const tabularNumbers = { fontVariantNumeric: 'tabular-nums' } as const;
