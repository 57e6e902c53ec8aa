import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAntenna, IconMapPin, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { ServiceStatus } from '../../health/components/service-status';

/** What a visitor sees first: what the service is and the three ways in. */
export function LoggedOutDashboard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actions = [
    { key: 'coverage', icon: IconMapPin, href: paths.marketplace.getHref(), variant: 'filled' },
    { key: 'signUp', icon: IconUserPlus, href: paths.signup.getHref(), variant: 'light' },
    { key: 'connect', icon: IconAntenna, href: paths.login.getHref(), variant: 'default' },
  ] as const;

  return (
    <Stack gap="xl" maw={1200}>
      <Stack gap="xs">
        <Title order={1}>{t('dashboard.heading')}</Title>
        <Text c="dimmed" maw={720}>
          {t('dashboard.intro')}
        </Text>
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
                  {t(`dashboard.actions.${action.key}.title`)}
                </Title>
              </Group>
              <Text size="sm" c="dimmed" style={{ flexGrow: 1 }}>
                {t(`dashboard.actions.${action.key}.description`)}
              </Text>
              <Button variant={action.variant} onClick={() => navigate(action.href)}>
                {t(`dashboard.actions.${action.key}.button`)}
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
