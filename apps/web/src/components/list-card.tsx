import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type Icon, IconPlus } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorAlert } from './error-alert';
import { QueryErrorAlert } from './query-error-alert';

/**
 * The owner's things of one kind in a settings card (API keys, webhook endpoints): the title, what they are for and
 * the button that adds one; then why they did not load (with Retry), a skeleton while they load, the empty words
 * with the kind's icon, or the items, which the caller draws; last, why a row's last action failed.
 */
export function ListCard<TItem>({
  title,
  description,
  createLabel,
  onCreate,
  query,
  emptyIcon: EmptyIcon,
  emptyText,
  actionError,
  children,
}: {
  title: string;
  description: ReactNode;
  createLabel: string;
  onCreate: () => void;
  query: UseQueryResult<{ items: TItem[] }>;
  emptyIcon: Icon;
  emptyText: string;
  actionError?: Error | null;
  children: (items: TItem[]) => ReactNode;
}) {
  const items = query.data?.items ?? [];
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4} maw={560}>
            <Title order={2} size="h4">
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </Stack>
          <Button leftSection={<IconPlus size={16} />} onClick={onCreate}>
            {createLabel}
          </Button>
        </Group>
        <QueryErrorAlert query={query} />
        {query.isPending && <Skeleton h={80} />}
        {query.isSuccess && items.length === 0 && (
          <Group gap="xs" c="dimmed">
            <EmptyIcon size={18} />
            <Text size="sm">{emptyText}</Text>
          </Group>
        )}
        {items.length > 0 && children(items)}
        <ErrorAlert error={actionError} />
      </Stack>
    </Card>
  );
}
