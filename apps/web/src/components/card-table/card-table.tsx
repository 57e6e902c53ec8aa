import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  type SimpleGridProps,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArrowsSort,
  IconLayoutGrid,
  IconPencil,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
  IconTable,
} from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type CardTableValue, isSortable, matchesSearch, type SortDirection, sortRows } from './sort-rows';

/** Spec 3: a column definition: header text and an optional coloured flag. */
export interface CardTableColumn {
  key: string;
  header: string;
  /** Shows the value as a badge in the record's indicator colour (a status, say). */
  isColored?: boolean;
}

/** Spec 3: a card or row record. */
export interface CardTableRecord {
  id: string;
  name: string;
  /** A Mantine colour for the dot beside the name (and coloured columns). */
  indicatorColor?: string;
  onEdit?: () => void;
  /** Where the record's own page is: its name becomes a link there. */
  href?: string;
  /** Column key to value. */
  records: Record<string, CardTableValue>;
  action?: { text: string; onClick: () => void; color: 'green' | 'red'; isLoading?: boolean };
}

export type CardTableView = 'grid' | 'table';

const nameKey = '__name';

/**
 * Spec 2: a section showing records as cards (grid, the default) or as a table, with an optional search field.
 * Table columns sort (ascending, then descending) only when every value in them is a string or number.
 */
export function CardTable({
  title,
  nameHeader,
  columns,
  rows,
  isSearchable = true,
  emptyText,
  headerActions,
  gridCols = { base: 1, sm: 2, lg: 3 },
}: {
  /** The section heading (an h2). */
  title?: string;
  /** Header of the name column in table view. */
  nameHeader: string;
  columns: CardTableColumn[];
  rows: CardTableRecord[];
  isSearchable?: boolean;
  emptyText?: string;
  headerActions?: ReactNode;
  /** Cards per row in grid view, by breakpoint (a section beside a map wants fewer). */
  gridCols?: SimpleGridProps['cols'];
}) {
  const { t } = useTranslation();
  const [view, setView] = useState<CardTableView>('grid');
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<{ key: string; direction: SortDirection } | null>(null);

  const sortableKeys = useMemo(
    () =>
      new Set(
        [nameKey, ...columns.map((column) => column.key)].filter((key) =>
          isSortable(rows.map((row) => (key === nameKey ? row.name : row.records[key]))),
        ),
      ),
    [columns, rows],
  );

  const visible = useMemo(() => {
    const found = rows.filter((row) =>
      matchesSearch(
        query,
        row.name,
        columns.map((column) => row.records[column.key]),
      ),
    );
    return sort && sortableKeys.has(sort.key)
      ? sortRows(found, (row) => (sort.key === nameKey ? row.name : row.records[sort.key]), sort.direction)
      : found;
  }, [rows, columns, query, sort, sortableKeys]);

  const toggleSort = (key: string) =>
    setSort((current) =>
      current?.key === key && current.direction === 'ascending'
        ? { key, direction: 'descending' }
        : { key, direction: 'ascending' },
    );

  const renderValue = (row: CardTableRecord, column: CardTableColumn) => {
    const value = row.records[column.key];
    if (column.isColored && (typeof value === 'string' || typeof value === 'number')) {
      return (
        <Badge variant="light" color={row.indicatorColor ?? 'gray'}>
          {value}
        </Badge>
      );
    }
    return value ?? '—';
  };

  const header = (key: string, text: string) => {
    if (!sortableKeys.has(key)) return <Table.Th key={key}>{text}</Table.Th>;
    const direction = sort?.key === key ? sort.direction : undefined;
    const SortIcon =
      direction === 'ascending' ? IconSortAscending : direction === 'descending' ? IconSortDescending : IconArrowsSort;
    return (
      <Table.Th key={key} aria-sort={direction ?? 'none'}>
        <UnstyledButton onClick={() => toggleSort(key)} fw={700} fz="sm">
          <Group gap={4} wrap="nowrap">
            {text}
            <SortIcon size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Table.Th>
    );
  };

  const nameOf = (row: CardTableRecord) =>
    row.href ? (
      <Anchor component={Link} to={row.href} inherit>
        {row.name}
      </Anchor>
    ) : (
      row.name
    );

  const indicator = (row: CardTableRecord) =>
    row.indicatorColor ? (
      <Box
        w={10}
        h={10}
        bg={row.indicatorColor}
        style={{ borderRadius: '50%', flexShrink: 0 }}
        aria-hidden
        data-indicator={row.indicatorColor}
      />
    ) : null;

  const editButton = (row: CardTableRecord) =>
    row.onEdit ? (
      <ActionIcon
        variant="subtle"
        color="gray"
        onClick={row.onEdit}
        aria-label={t('cardTable.edit', { name: row.name })}
      >
        <IconPencil size={16} />
      </ActionIcon>
    ) : null;

  // A row's action is secondary to the page's one primary button (docs/decisions/0051): an ordinary ('green') action
  // is a quiet outlined button, a destructive ('red') one keeps its colour.
  const actionButton = (row: CardTableRecord, fullWidth: boolean) =>
    row.action ? (
      <Button
        size="xs"
        variant={row.action.color === 'red' ? 'light' : 'default'}
        color={row.action.color === 'red' ? 'red' : undefined}
        data-action-color={row.action.color}
        onClick={row.action.onClick}
        loading={row.action.isLoading}
        fullWidth={fullWidth}
      >
        {row.action.text}
      </Button>
    ) : null;

  return (
    <Stack gap="md" component="section" aria-label={title}>
      <Group justify="space-between" gap="sm">
        {title ? (
          <Title order={2} size="h3">
            {title}
          </Title>
        ) : (
          <span />
        )}
        <Group gap="sm">
          {headerActions}
          {isSearchable && (
            <TextInput
              placeholder={t('cardTable.search')}
              aria-label={t('cardTable.search')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={query}
              onChange={(event) => setQuery(event.currentTarget.value)}
              type="search"
              w={220}
            />
          )}
          <SegmentedControl
            aria-label={t('cardTable.view')}
            value={view}
            onChange={(next) => setView(next as CardTableView)}
            data={[
              {
                value: 'grid',
                label: (
                  <Group gap={6} wrap="nowrap">
                    <IconLayoutGrid size={16} aria-hidden />
                    {t('cardTable.grid')}
                  </Group>
                ),
              },
              {
                value: 'table',
                label: (
                  <Group gap={6} wrap="nowrap">
                    <IconTable size={16} aria-hidden />
                    {t('cardTable.table')}
                  </Group>
                ),
              },
            ]}
          />
        </Group>
      </Group>

      {visible.length === 0 ? (
        <Text c="dimmed" py="lg" ta="center">
          {query.trim() ? t('cardTable.noMatches') : (emptyText ?? t('cardTable.empty'))}
        </Text>
      ) : view === 'grid' ? (
        <SimpleGrid cols={gridCols} spacing="md" data-view="grid">
          {visible.map((row) => (
            <Card key={row.id} withBorder radius="md" padding="md" component="article" aria-label={row.name}>
              <Stack gap="sm" h="100%">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                    {indicator(row)}
                    <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
                      {nameOf(row)}
                    </Title>
                  </Group>
                  {editButton(row)}
                </Group>
                <Box component="dl" m={0} style={{ flexGrow: 1 }}>
                  {columns.map((column) => (
                    <Group key={column.key} justify="space-between" gap="xs" py={4} wrap="nowrap">
                      <Text component="dt" size="sm" c="dimmed">
                        {column.header}
                      </Text>
                      <Text component="dd" size="sm" m={0} ta="right" style={{ overflowWrap: 'anywhere' }}>
                        {renderValue(row, column)}
                      </Text>
                    </Group>
                  ))}
                </Box>
                {actionButton(row, true)}
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table striped highlightOnHover data-view="table">
            <Table.Thead>
              <Table.Tr>
                {header(nameKey, nameHeader)}
                {columns.map((column) => header(column.key, column.header))}
                {rows.some((row) => row.action || row.onEdit) && (
                  <Table.Th>
                    <VisuallyHidden>{t('cardTable.actions')}</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {visible.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {indicator(row)}
                      <Text size="sm" fw={500}>
                        {nameOf(row)}
                      </Text>
                    </Group>
                  </Table.Td>
                  {columns.map((column) => (
                    <Table.Td key={column.key}>{renderValue(row, column)}</Table.Td>
                  ))}
                  {rows.some((r) => r.action || r.onEdit) && (
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        {editButton(row)}
                        {actionButton(row, false)}
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
