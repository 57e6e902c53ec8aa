import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../lib/api-error-message';
import { AppAlert } from './app-alert';

/** What the dialog says while a promise is pending and after; every text has a translated default. */
export interface PendingTexts<T> {
  /** Beside the spinner: what is happening ("Cancelling your subscription…"). */
  loadingText?: string;
  success?: {
    title?: string | ((value: T) => string);
    message?: ReactNode | ((value: T) => ReactNode);
    /** The success view's button (default: Close). */
    closeLabel?: string;
    /** Called when the success view is closed, by its button, × or Escape; not when the result was dismissed. */
    onClose?: () => void;
  };
  failure?: {
    title?: string | ((error: unknown) => string);
    /** Default: the error in words (the translated code, the broken rule, or the server's message). */
    message?: ReactNode | ((error: unknown) => ReactNode);
  };
}

/** How the promise ended, and whether the person dismissed the dialog before it did (then nothing was shown). */
export type PendingOutcome<T> =
  | { isOk: true; value: T; isDismissed: boolean }
  | { isOk: false; error: unknown; isDismissed: boolean };

type View =
  | { kind: 'loading'; text: string }
  | { kind: 'success'; title: string; message: ReactNode; closeLabel: string; onClose?: () => void }
  | { kind: 'failure'; title: string; message: ReactNode };

/**
 * Spec 4's generic pending helper: `run(promise, texts)` shows a loading dialog (spinner and the caller's text over
 * a dimmed page) while the promise is pending, then a success or a failure view. Dismissing the loading dialog
 * suppresses the result (the promise still runs; its outcome says it was dismissed). Render `dialog` once.
 * `run` never rejects: a failure is shown and returned.
 */
export function usePendingDialog() {
  const { t } = useTranslation();
  const [view, setView] = useState<View | null>(null);
  // Each run and each dismissal moves this on: a result arriving for an older number is not shown.
  const runNumber = useRef(0);

  const run = useCallback(
    async <T,>(promise: Promise<T>, texts: PendingTexts<T> = {}): Promise<PendingOutcome<T>> => {
      const number = ++runNumber.current;
      setView({ kind: 'loading', text: texts.loadingText ?? t('pendingDialog.loading') });
      try {
        const value = await promise;
        const isDismissed = runNumber.current !== number;
        if (!isDismissed) {
          const { title, message, closeLabel, onClose } = texts.success ?? {};
          setView({
            kind: 'success',
            title: (typeof title === 'function' ? title(value) : title) ?? t('pendingDialog.successTitle'),
            message: typeof message === 'function' ? message(value) : (message ?? t('pendingDialog.successMessage')),
            closeLabel: closeLabel ?? t('errors.close'),
            onClose,
          });
        }
        return { isOk: true, value, isDismissed };
      } catch (error) {
        const isDismissed = runNumber.current !== number;
        if (!isDismissed) {
          const { title, message } = texts.failure ?? {};
          setView({
            kind: 'failure',
            title: (typeof title === 'function' ? title(error) : title) ?? t('pendingDialog.failureTitle'),
            message: typeof message === 'function' ? message(error) : (message ?? apiErrorMessage(error, t)),
          });
        }
        return { isOk: false, error, isDismissed };
      }
    },
    [t],
  );

  const close = () => {
    runNumber.current += 1;
    setView(null);
    if (view?.kind === 'success') view.onClose?.();
  };

  return { run, dialog: <PendingDialog view={view} onClose={close} />, isPending: view?.kind === 'loading' };
}

function PendingDialog({ view, onClose }: { view: View | null; onClose: () => void }) {
  const { t } = useTranslation();
  // The last view stays while the dialog fades out.
  const lastView = useRef<View | null>(view);
  if (view) lastView.current = view;
  const shown = view ?? lastView.current;
  const isLoading = shown?.kind === 'loading';

  return (
    <Modal.Root opened={view !== null} onClose={onClose} centered size="sm">
      <Modal.Overlay backgroundOpacity={0.55} blur={2} />
      <Modal.Content aria-busy={isLoading}>
        <Modal.Header>
          <Modal.Title fw={600}>{shown?.kind === 'loading' ? t('pendingDialog.title') : shown?.title}</Modal.Title>
          <Modal.CloseButton aria-label={isLoading ? t('pendingDialog.dismiss') : t('errors.close')} />
        </Modal.Header>
        <Modal.Body>
          {shown?.kind === 'loading' ? (
            <Group gap="md" wrap="nowrap" py="xs">
              <Loader size="md" aria-hidden />
              <Text size="sm" role="status">
                {shown.text}
              </Text>
            </Group>
          ) : shown ? (
            <Stack gap="md">
              <AppAlert status={shown.kind === 'success' ? 'success' : 'error'}>{shown.message}</AppAlert>
              <Group justify="flex-end">
                <Button onClick={onClose} data-autofocus>
                  {shown.kind === 'success' ? shown.closeLabel : t('errors.close')}
                </Button>
              </Group>
            </Stack>
          ) : null}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
