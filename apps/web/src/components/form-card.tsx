import { Alert, Button, Card, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorAlert } from '../components/error-alert';

/** One settings form in a card: title, the outcome of its last submit, its fields and its submit button. */
export function FormCard({
  title,
  mutation,
  successText,
  submitLabel,
  isSubmitDisabled,
  onSubmit,
  signedOutText,
  children,
}: {
  title: string;
  mutation: { isSuccess: boolean; isPending: boolean; error: Error | null };
  successText: string;
  submitLabel: string;
  isSubmitDisabled: boolean;
  onSubmit: () => void;
  /** What a 401 says (ErrorAlert's `signedOutText`). */
  signedOutText?: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            {title}
          </Title>
          {mutation.isSuccess && <Alert color="green">{successText}</Alert>}
          <ErrorAlert error={mutation.error} signedOutText={signedOutText} />
          {children}
          <Group>
            <Button type="submit" disabled={isSubmitDisabled} loading={mutation.isPending}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
