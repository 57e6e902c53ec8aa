import { Card, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A step of the RINEX page: a bordered card with its heading. */
export function RinexSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
