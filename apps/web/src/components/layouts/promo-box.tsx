import { ActionIcon, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';

/** Spec 2: the visitor's promo box, with log-in and sign-up buttons that open the auth modal. */
export function PromoBox({ isCollapsed }: { isCollapsed: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (isCollapsed) {
    return (
      <Tooltip label={t('nav.logIn')} position="right" withArrow>
        <ActionIcon
          variant="light"
          size="lg"
          mx="auto"
          onClick={() => navigate(paths.login.getHref())}
          aria-label={t('nav.logIn')}
        >
          <IconLogin size={18} />
        </ActionIcon>
      </Tooltip>
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
          <Button size="xs" variant="default" onClick={() => navigate(paths.login.getHref())}>
            {t('nav.logIn')}
          </Button>
          <Button size="xs" onClick={() => navigate(paths.signup.getHref())}>
            {t('nav.signUp')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
