import { type WebhookCreated, type WebhookEventType, webhookEventTypes } from '@fixpoint/shared';
import { Button, Checkbox, Code, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { SecretShownOnce } from '../../../components/secret-shown-once';
import type { OwnerScope } from '../../../session/owner-scope';
import { createWebhook } from '../api/webhooks-api';

/**
 * Adds an endpoint: its address and the events it takes. The answer's signing secret is shown here once, with a copy
 * button; closing the dialog forgets it (the server keeps it sealed and never shows it again).
 */
export function CreateWebhookDialog({
  scope,
  onClose,
  onCreated,
}: {
  scope: OwnerScope;
  onClose: () => void;
  onCreated: () => void;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['account.created']);
  const [created, setCreated] = useState<WebhookCreated | null>(null);
  const create = useMutation({
    mutationFn: () => createWebhook(scope, { url: url.trim(), events }),
    onSuccess: (answer) => {
      setCreated(answer);
      onCreated();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={created ? t('webhooks.createdTitle') : t('webhooks.createTitle')}
      centered
      size="lg"
    >
      {created ? (
        <Stack>
          <SecretShownOnce
            secret={created.secret}
            warning={t('webhooks.shownOnce')}
            copyLabel={t('webhooks.copySecret')}
            testId="created-webhook-secret"
          />
          <Text size="sm" c="dimmed">
            {t('webhooks.howToVerify')}
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('webhooks.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit}>
          <Stack>
            <TextInput
              label={t('webhooks.url')}
              description={t('webhooks.urlHint')}
              placeholder="https://hooks.example.com/fixpoint"
              value={url}
              onChange={(event) => setUrl(event.currentTarget.value)}
              maxLength={2000}
              type="url"
              required
              data-autofocus
            />
            <Checkbox.Group
              label={t('webhooks.events')}
              description={t('webhooks.eventsHint')}
              value={events}
              onChange={(value) => setEvents(value as WebhookEventType[])}
              required
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
                {webhookEventTypes.map((value) => (
                  <Checkbox key={value} value={value} label={<Code>{value}</Code>} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            <ErrorAlert error={create.error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('webhooks.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending} disabled={!url.trim() || events.length === 0}>
                {t('webhooks.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
