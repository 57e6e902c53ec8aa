import { Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { isChunkLoadError } from '../lib/lazy-import';
import { ErrorBlock } from './error-block';
import { NoSidebarLayout } from './layouts/no-sidebar-layout';

/**
 * The router's error element (spec 2: 'Unexpected Application Error' for render errors). A part of the app that
 * failed to load (a new deployment, a lost connection) gets its own message; both offer a reload.
 */
export function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const isChunk = isChunkLoadError(error);
  return (
    <NoSidebarLayout>
      <ErrorBlock
        headingOrder={1}
        title={isChunk ? t('errors.chunkLoad.title') : t('errors.applicationError')}
        description={isChunk ? t('errors.chunkLoad.description') : t('errors.unexpected.description')}
        secondaryDescription={isChunk ? t('errors.chunkLoad.hint') : t('errors.applicationErrorHint')}
        action={
          <Button leftSection={<IconRefresh size={18} />} onClick={() => window.location.reload()}>
            {t('errors.reload')}
          </Button>
        }
      />
    </NoSidebarLayout>
  );
}
