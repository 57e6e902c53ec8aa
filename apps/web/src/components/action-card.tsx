import { Button, type ButtonVariant, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link } from 'react-router';

/**
 * Spec 2: an action card (title, icon, description, button label, button style). The button is a link when the
 * action goes somewhere (`to`, with the location `state` it carries, or `href` for another site), else a button
 * (`onClick`).
 */
export function ActionCard({
  title,
  icon: CardIcon,
  description,
  buttonLabel,
  buttonVariant = 'light',
  to,
  state,
  href,
  onClick,
}: {
  title: string;
  icon: Icon;
  description: string;
  buttonLabel: string;
  buttonVariant?: ButtonVariant;
  to?: string;
  state?: unknown;
  href?: string;
  onClick?: () => void;
}) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size="lg" radius="md" variant="light">
            <CardIcon size={20} />
          </ThemeIcon>
          <Title order={2} size="h4">
            {title}
          </Title>
        </Group>
        <Text size="sm" c="dimmed" style={{ flexGrow: 1 }}>
          {description}
        </Text>
        {to ? (
          <Button variant={buttonVariant} component={Link} to={to} state={state}>
            {buttonLabel}
          </Button>
        ) : href ? (
          <Button variant={buttonVariant} component="a" href={href} target="_blank" rel="noopener noreferrer">
            {buttonLabel}
          </Button>
        ) : (
          <Button variant={buttonVariant} onClick={onClick}>
            {buttonLabel}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
