import { Button, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../lib/api-error-message';
import { AppAlert } from './app-alert';

/** What a failed query offers this alert: its error, and the way to run it again. */
export interface RetryableQuery {
  error: Error | null;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * A page's data failed to load: the reason in the user's language and Retry, in place of the data only, so the
 * page keeps its heading and whatever else did load. Given several queries, it speaks for the first that failed
 * and Retry runs again every one that failed.
 */
export function QueryErrorAlert({ query, title }: { query: RetryableQuery | RetryableQuery[]; title?: string }) {
  const { t } = useTranslation();
  const queries = Array.isArray(query) ? query : [query];
  const failed = queries.filter((q) => q.error);
  const error = failed[0]?.error;
  if (!error) return null;
  return (
    <AppAlert status="error" title={title}>
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm">{apiErrorMessage(error, t)}</Text>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} aria-hidden />}
          loading={failed.some((q) => q.isFetching)}
          onClick={() => {
            for (const q of failed) void q.refetch();
          }}
        >
          {t('errors.retry')}
        </Button>
      </Group>
    </AppAlert>
  );
}
