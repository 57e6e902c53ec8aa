import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMapPin, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useAuth } from '../../auth/hooks/use-auth';
import { ServiceStatus } from '../../health/components/service-status';

export function LoggedInDashboard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const auth = useAuth();
  const actions = [
    { key: 'coverage', icon: IconMapPin, href: paths.marketplace.getHref() },
    { key: 'settings', icon: IconSettings, href: paths.settings.getHref() },
  ] as const;
  return (
    <Stack gap="xl" maw={1200}>
      <Stack gap="xs">
        <Title order={1}>{t('dashboard.welcome', { name: auth.username || t('app.defaultUsername') })}</Title>
        <ServiceStatus />
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {actions.map((action) => (
          <Card key={action.key} withBorder radius="md" padding="lg">
            <Stack gap="sm" h="100%">
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon size="lg" radius="md" variant="light">
                  <action.icon size={20} />
                </ThemeIcon>
                <Title order={2} size="h4">
                  {t(`dashboard.userActions.${action.key}.title`)}
                </Title>
              </Group>
              <Text size="sm" c="dimmed" style={{ flexGrow: 1 }}>
                {t(`dashboard.userActions.${action.key}.description`)}
              </Text>
              <Button variant="light" onClick={() => navigate(action.href)}>
                {t(`dashboard.userActions.${action.key}.button`)}
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
