import { Card, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled block of a user's page: an h2 and its content in a card. */
export function UserSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} size="h4">
        {title}
      </Title>
      <Card withBorder radius="md" padding="md">
        {children}
      </Card>
    </Stack>
  );
}
