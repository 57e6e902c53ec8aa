import { Alert, Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { isNotFound } from '../lib/api-client';

/**
 * A page's record failed to load: when it does not exist (or the link to it is mistyped), says so with the way
 * back to its list; any other failure shows its message.
 */
export function LookupErrorAlert({
  error,
  notFoundTitle,
  notFoundText,
  backHref,
  backLabel,
}: {
  error: Error;
  notFoundTitle: string;
  notFoundText: string;
  backHref: string;
  backLabel: string;
}) {
  if (!isNotFound(error)) return <Alert color="red">{error.message}</Alert>;
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
