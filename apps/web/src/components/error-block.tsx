import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Spec 2: the generic error block: a title and two description lines, with an optional action under them. */
export function ErrorBlock({
  title,
  description,
  secondaryDescription,
  action,
  headingOrder = 2,
}: {
  title: string;
  description: string;
  secondaryDescription?: string;
  action?: ReactNode;
  headingOrder?: 1 | 2 | 3;
}) {
  return (
    <Stack align="center" gap="sm" maw={520} mx="auto" py="xl" role="alert">
      <ThemeIcon size={48} radius="xl" color="red" variant="light" aria-hidden>
        <IconAlertTriangle size={28} />
      </ThemeIcon>
      <Title order={headingOrder} size="h2" ta="center">
        {title}
      </Title>
      <Text ta="center">{description}</Text>
      {secondaryDescription && (
        <Text ta="center" c="dimmed">
          {secondaryDescription}
        </Text>
      )}
      {action}
    </Stack>
  );
}
