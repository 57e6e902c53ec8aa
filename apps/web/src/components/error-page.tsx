import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown when rendering fails (spec 2: 'Unexpected Application Error'). */
export function ErrorPage() {
  const { t } = useTranslation();
  return (
    <Center h="100vh" p="lg">
      <Stack align="center" gap="sm" maw={480}>
        <Title order={1} size="h2">
          {t('errors.applicationError')}
        </Title>
        <Text c="dimmed" ta="center">
          {t('errors.unexpected.description')}
        </Text>
        <Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>
      </Stack>
    </Center>
  );
}
