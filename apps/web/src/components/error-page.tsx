import { Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isChunkLoadError } from '../lib/lazy-import';
import { ErrorBlock } from './error-block';
import { NoSidebarLayout } from './layouts/no-sidebar-layout';

/**
 * What a render error shows (spec 2: 'Unexpected Application Error'). A part of the app that failed to load (a new
 * deployment, a lost connection) gets its own message; both offer a reload.
 */
export function ErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
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

interface BoundaryState {
  error: unknown;
  /** The address the error happened at: moving to another one tries the pages again. */
  at: string | null;
}

class Boundary extends Component<{ at: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null, at: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: { at: string }, state: BoundaryState): Partial<BoundaryState> | null {
    return state.at === props.at ? null : { error: null, at: props.at };
  }

  override render() {
    return this.state.error === null ? this.props.children : <ErrorPage error={this.state.error} />;
  }
}

/**
 * The pages' error boundary (the router runs in declarative mode, which has no `errorElement`: decision 0054): an
 * error while rendering a page shows the error page, until the address changes.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary at={pathname}>{children}</Boundary>;
}
