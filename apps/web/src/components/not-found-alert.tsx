import { Alert, Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router';

/** A page's record that does not exist (or a mistyped link to it), with the way back to its list. */
export function NotFoundAlert({
  title,
  text,
  backHref,
  backLabel,
}: {
  title: string;
  text: string;
  backHref: string;
  backLabel: string;
}) {
  return (
    <Stack gap="md" maw={720}>
      <Alert color="gray" title={title}>
        {text}
      </Alert>
      <Anchor component={Link} to={backHref}>
        {backLabel}
      </Anchor>
    </Stack>
  );
}
