import { ActionIcon, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAuthLinks } from '../../session/use-auth-links';
import { SideTooltip } from './side-tooltip';

/** Spec 2: the visitor's promo box, with log-in and sign-up buttons that open the auth modal. */
export function PromoBox({ isCollapsed }: { isCollapsed: boolean }) {
  const { t } = useTranslation();
  const authLinks = useAuthLinks();
  if (isCollapsed) {
    return (
      <SideTooltip label={t('nav.logIn')}>
        <ActionIcon
          variant="light"
          size="lg"
          mx="auto"
          onClick={() => authLinks.open('signIn')}
          aria-label={t('nav.logIn')}
        >
          <IconLogin size={18} />
        </ActionIcon>
      </SideTooltip>
    );
  }
  return (
    <Paper withBorder p="md" radius="md" component="aside" aria-label={t('promo.title')}>
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {t('promo.title')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('promo.body')}
        </Text>
        <Group grow gap="xs">
          <Button size="xs" variant="default" onClick={() => authLinks.open('signIn')}>
            {t('nav.logIn')}
          </Button>
          <Button size="xs" onClick={() => authLinks.open('signUp')}>
            {t('nav.signUp')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
