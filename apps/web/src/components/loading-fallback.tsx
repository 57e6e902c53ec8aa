import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function LoadingFallback() {
  const { t } = useTranslation();
  return (
    <Center h="40vh" role="status" aria-label={t('app.loading')}>
      <Loader />
    </Center>
  );
}
