import { type OrganizationCreated, type OrgCreationError, orgCreationErrors, orgNameLimits } from '@fixpoint/shared';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AppAlert } from '../../../components/app-alert';
import { track } from '../../../lib/analytics';
import { ApiError } from '../../../lib/api-client';
import { useCreateOrganizationDialog } from '../../../lib/create-organization-dialog';
import { useAuth } from '../../../session/use-auth';
import { createOrganization } from '../api/create-organization';

type Failure = { tone: 'error' | 'warning'; text: string };

type Step =
  | { kind: 'form'; name: string }
  | { kind: 'created'; result: OrganizationCreated }
  | { kind: 'failed'; name: string; failure: Failure };

const isCreationError = (code: string): code is OrgCreationError => Object.hasOwn(orgCreationErrors, code);

/**
 * Spec 8: the creation codes show their texts; any other 400 shows the server's reason as a warning; anything else
 * (a 5xx, the network) the generic text.
 */
function describeFailure(error: unknown, t: TFunction): Failure {
  if (error instanceof ApiError) {
    if (isCreationError(error.code)) return { tone: 'error', text: t(`errors.organization.${error.code}`) };
    if (error.status === 400) return { tone: 'warning', text: error.message };
  }
  return { tone: 'error', text: t('errors.organization.generic') };
}

/** The creation flow, opened from the address (`?create=organisation`) on any signed-in page. */
export function CreateOrganizationDialogs() {
  const { isOpen, close } = useCreateOrganizationDialog();
  return isOpen ? <CreateOrganizationFlow onClose={close} /> : null;
}

/** Spec 2 and 4: the form, then the success or the failure dialog; Try Again reopens the form with the name. */
function CreateOrganizationFlow({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const [step, setStep] = useState<Step>({ kind: 'form', name: '' });
  const create = useMutation({
    mutationFn: createOrganization,
    onSuccess: (result) => {
      track('organizationCreated', { name: result.organization.name });
      void auth.refetch();
      setStep({ kind: 'created', result });
    },
    onError: (error, name) => setStep({ kind: 'failed', name, failure: describeFailure(error, t) }),
  });

  if (step.kind === 'created') return <CreatedDialog result={step.result} onClose={onClose} />;
  if (step.kind === 'failed') {
    return (
      <FailedDialog
        failure={step.failure}
        onClose={onClose}
        onTryAgain={() => setStep({ kind: 'form', name: step.name })}
      />
    );
  }
  return (
    <CreateForm
      initialName={step.name}
      isSubmitting={create.isPending}
      onSubmit={(name) => create.mutate(name)}
      onClose={onClose}
    />
  );
}

function CreateForm({
  initialName,
  isSubmitting,
  onSubmit,
  onClose,
}: {
  initialName: string;
  isSubmitting: boolean;
  onSubmit: (name: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initialName);
  return (
    <Modal opened onClose={onClose} title={t('orgCreate.title')} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit(name);
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            {t('orgCreate.intro')}
          </Text>
          <TextInput
            label={t('orgCreate.name')}
            description={t('orgCreate.nameHint', { length: name.length, max: orgNameLimits.max })}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={orgNameLimits.max}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('orgCreate.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t('orgCreate.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function CreatedDialog({ result, onClose }: { result: OrganizationCreated; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isPending = result.organization.status === 'pending';
  return (
    <Modal opened onClose={onClose} title={t('orgCreate.created.title')} centered>
      <Stack>
        <AppAlert status="success">{t('orgCreate.created.message', { name: result.organization.name })}</AppAlert>
        {isPending && <Text size="sm">{t('orgCreate.created.pending')}</Text>}
        <Group justify="flex-end">
          <Button onClick={() => navigate(result.value)} data-autofocus>
            {t('orgCreate.created.visit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function FailedDialog({
  failure,
  onClose,
  onTryAgain,
}: {
  failure: Failure;
  onClose: () => void;
  onTryAgain: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t('orgCreate.failed.title')} centered>
      <Stack data-tone={failure.tone}>
        <AppAlert status={failure.tone}>{failure.text}</AppAlert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('errors.close')}
          </Button>
          <Button onClick={onTryAgain} data-autofocus>
            {t('errors.tryAgain')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
