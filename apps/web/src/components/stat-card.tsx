import { Card, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type StatColor = 'success' | 'warning' | 'error' | 'muted' | 'default';

// Shades dark enough for the 3:1 contrast of large text on white.
const valueColors: Record<StatColor, string | undefined> = {
  success: 'green.9',
  warning: 'orange.9',
  error: 'red.8',
  muted: 'dimmed',
  default: undefined,
};

/** Spec 2: a stat card (title, value, colour success, warning, error, muted or default). */
export function StatCard({
  title,
  value,
  color = 'default',
  description,
}: {
  title: string;
  value: ReactNode;
  color?: StatColor;
  description?: ReactNode;
}) {
  return (
    <Card withBorder padding="lg" radius="md" role="group" aria-label={title} data-color={color}>
      <Text size="sm" c="dimmed" fw={500}>
        {title}
      </Text>
      {/* A number at 24 px in tabular figures; a word (a status) quieter at 20 px (docs/decisions/0051). */}
      <Text
        fz={typeof value === 'number' || /^[\d\s.,−+-]+$/.test(String(value)) ? 24 : 20}
        // Bold keeps a coloured value 'large text' for contrast (3:1) down to 20 px.
        fw={700}
        lh={1.25}
        mt={4}
        c={valueColors[color]}
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {value}
      </Text>
      {description && (
        <Text component="div" size="xs" c="dimmed" mt={4}>
          {description}
        </Text>
      )}
    </Card>
  );
}
