import { Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Spec 2: the page heading (h1) with an optional icon, description and actions on the right. */
export function PageHeading({
  title,
  icon: HeadingIcon,
  description,
  actions,
}: {
  title: string;
  icon?: Icon;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-start" gap="md">
      <Stack gap={4}>
        <Group gap="sm" wrap="nowrap">
          {HeadingIcon && (
            <ThemeIcon size={32} radius="md" variant="light" aria-hidden>
              <HeadingIcon size={18} />
            </ThemeIcon>
          )}
          <Title order={1}>{title}</Title>
        </Group>
        {description && (
          <Text c="dimmed" size="sm" maw={720}>
            {description}
          </Text>
        )}
      </Stack>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
