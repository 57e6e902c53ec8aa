import { Alert, Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { isNotFound } from '../lib/api-client';
import { QueryErrorAlert, type RetryableQuery } from './query-error-alert';

/**
 * A page's record failed to load: when it does not exist (or the link to it is mistyped), says so with the way
 * back to its list; any other failure says why in the user's language, with Retry.
 */
export function LookupErrorAlert({
  query,
  notFoundTitle,
  notFoundText,
  backHref,
  backLabel,
}: {
  query: RetryableQuery & { error: Error };
  notFoundTitle: string;
  notFoundText: string;
  backHref: string;
  backLabel: string;
}) {
  if (!isNotFound(query.error)) return <QueryErrorAlert query={query} />;
  return (
    <Stack gap="md" maw={720}>
      <Alert color="gray" title={notFoundTitle}>
        {notFoundText}
      </Alert>
      <Anchor component={Link} to={backHref}>
        {backLabel}
      </Anchor>
    </Stack>
  );
}
