import { Anchor, Box, Card, Center, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { paths } from '../../config/paths';
import { Logo } from '../logo';

/** Spec 2: the no-sidebar layout: a top bar and a centred card (children, or the matched child route). */
export function NoSidebarLayout({ children, maxWidth = 560 }: { children?: ReactNode; maxWidth?: number }) {
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)">
      <Box
        component="header"
        h={60}
        px="md"
        bg="var(--mantine-color-body)"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Group h="100%">
          <Anchor component={Link} to={paths.dashboard.getHref()} underline="never" c="inherit">
            <Logo />
          </Anchor>
        </Group>
      </Box>
      <Center component="main" px="md" py={48}>
        <Card withBorder shadow="sm" radius="md" padding="xl" w="100%" maw={maxWidth}>
          {children ?? <Outlet />}
        </Card>
      </Center>
    </Box>
  );
}
