import { Button, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { useAuth } from '../../../session/use-auth';
import { useCreateSalesRequest } from '../api/create-sales-request';
import { hasSubmittedSalesForm } from '../lib/cookies';
import { currentGclid } from '../lib/gclid';
import { emptySalesForm, type SalesFormValues, salesFormErrors, salesRequestBody } from '../lib/sales-form';
import { SalesContactForm } from './sales-contact-form';
import { SalesIntro } from './sales-intro';
import { ResultBody, UnexpectedErrorBody } from './sales-result';

type View = 'intro' | 'contact' | 'thanks' | 'failed' | 'unexpected';

/**
 * Spec 8: a non-ok answer or a network failure is 'Submission Failed'; anything else that goes wrong on the way is
 * 'An Unexpected Error Occurred'.
 */
const isSubmissionFailure = (error: unknown) => error instanceof ApiError || error instanceof NetworkError;

/**
 * Spec 2 and 4, the sales-request dialogs: 'Launch Your Branded RTK Platform' (step 1 of 2), 'Contact Sales' (step 2
 * of 2), then 'Thank you!', 'Submission Failed' or 'An Unexpected Error Occurred'. While the 'form submitted' cookie
 * exists the flow opens on the thank-you view. The server stores a lead before it answers, so only a stored lead is
 * thanked for; a failed one is not (the spec's "failure, then success as well" is not reproduced, decision 0047),
 * and Try Again returns to the form as it was.
 */
export function SalesFlow({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const { pathname } = useLocation();
  const [view, setView] = useState<View>(() => (hasSubmittedSalesForm() ? 'thanks' : 'intro'));
  /** Over the server's hourly limit: 'Submission Failed' then also says why. */
  const [isRateLimited, setRateLimited] = useState(false);
  const create = useCreateSalesRequest();
  const form = useForm<SalesFormValues>({
    mode: 'controlled',
    initialValues: emptySalesForm,
    validateInputOnBlur: true,
    validate: (values) =>
      Object.fromEntries(
        Object.entries(salesFormErrors(values)).map(([field, error]) => [field, t(`sales.contact.errors.${error}`)]),
      ),
  });

  // Moving between views takes the focus to the new view's first control, as opening the dialog does.
  const [hasMoved, setHasMoved] = useState(false);
  const go = (next: View) => {
    setHasMoved(true);
    setView(next);
  };

  const onSubmit = (values: SalesFormValues) => {
    try {
      const body = salesRequestBody(values, {
        loggedInEmail: auth.email,
        submittedFrom: pathname,
        gclid: currentGclid(),
      });
      create.mutate(body, {
        onSuccess: () => go('thanks'),
        onError: (error) => {
          setRateLimited(error instanceof ApiError && error.status === 429);
          go(isSubmissionFailure(error) ? 'failed' : 'unexpected');
        },
      });
    } catch {
      go('unexpected');
    }
  };

  const views: Record<View, { title: string; step?: number; body: ReactNode }> = {
    intro: {
      title: t('sales.intro.title'),
      step: 1,
      body: <SalesIntro onRequestDemo={() => go('contact')} onClose={onClose} />,
    },
    contact: {
      title: t('sales.contact.title'),
      step: 2,
      body: (
        <SalesContactForm form={form} isSubmitting={create.isPending} onSubmit={onSubmit} onBack={() => go('intro')} />
      ),
    },
    thanks: {
      title: t('errors.submissionSucceeded.title'),
      body: (
        <ResultBody status="success" text={t('errors.submissionSucceeded.description')}>
          <Button onClick={onClose} data-autofocus>
            {t('errors.close')}
          </Button>
        </ResultBody>
      ),
    },
    failed: {
      title: t('errors.submissionFailed.title'),
      body: (
        <ResultBody
          status="error"
          text={t('errors.submissionFailed.description')}
          hint={isRateLimited ? t('sales.contact.rateLimited') : undefined}
        >
          <Button variant="default" onClick={onClose}>
            {t('errors.close')}
          </Button>
          <Button onClick={() => go('contact')} data-autofocus>
            {t('errors.tryAgain')}
          </Button>
        </ResultBody>
      ),
    },
    unexpected: {
      title: t('errors.unexpected.title'),
      body: <UnexpectedErrorBody onClose={onClose} />,
    },
  };
  const current = views[view];
  const isStep = current.step !== undefined;

  return (
    <Modal opened onClose={onClose} title={current.title} centered size={isStep ? 'lg' : 'md'} data-view={view}>
      <ViewBody key={view} shouldFocus={hasMoved}>
        {isStep && (
          <Text size="xs" fw={500} c="dimmed" tt="uppercase" data-testid="sales-step">
            {t('sales.step', { current: current.step, total: 2 })}
          </Text>
        )}
        {current.body}
      </ViewBody>
    </Modal>
  );
}

/** One view of the flow; mounted afresh per view, it focuses the view's first control when asked. */
function ViewBody({ shouldFocus, children }: { shouldFocus: boolean; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shouldFocus) ref.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [shouldFocus]);
  return (
    <Stack gap="sm" ref={ref}>
      {children}
    </Stack>
  );
}
