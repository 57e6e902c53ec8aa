import { type ApiKeyScope, apiKeyScopes, type CreatedApiKey } from '@fixpoint/shared';
import { Button, Checkbox, Code, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { SecretShownOnce } from '../../../components/secret-shown-once';
import type { OwnerScope } from '../../../session/owner-scope';
import { createApiKey } from '../api/api-keys-api';

const lifetimes = ['never', '30', '90', '365'] as const;
type Lifetime = (typeof lifetimes)[number];

/**
 * Creates a key: a name, the scopes it may use, and how long it lives. The answer's key is shown here once, with a
 * copy button; closing the dialog forgets it (only its hash is kept on the server).
 */
export function CreateApiKeyDialog({
  scope,
  onClose,
  onCreated,
}: {
  scope: OwnerScope;
  onClose: () => void;
  onCreated: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['accounts:read']);
  const [lifetime, setLifetime] = useState<Lifetime>('never');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const create = useMutation({
    mutationFn: () =>
      createApiKey(scope, {
        name: name.trim(),
        scopes,
        ...(lifetime !== 'never' && {
          expiresAt: new Date(Date.now() + Number(lifetime) * 24 * 3600_000).toISOString(),
        }),
      }),
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
      title={created ? t('apiKeys.createdTitle') : t('apiKeys.createTitle')}
      centered
      size="lg"
    >
      {created ? (
        <Stack>
          <SecretShownOnce
            secret={created.key}
            warning={t('apiKeys.shownOnce')}
            copyLabel={t('apiKeys.copy')}
            testId="created-api-key"
          />
          <Text size="sm" c="dimmed">
            {t('apiKeys.howToUse')}
          </Text>
          <Code
            block
          >{`curl -H "Authorization: Bearer ${created.prefix}…" ${window.location.origin}/api/accounts`}</Code>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('apiKeys.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit}>
          <Stack>
            <TextInput
              label={t('apiKeys.name')}
              description={t('apiKeys.nameHint')}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              maxLength={60}
              required
              data-autofocus
            />
            <Checkbox.Group
              label={t('apiKeys.scopes')}
              description={t('apiKeys.scopesHint')}
              value={scopes}
              onChange={(value) => setScopes(value as ApiKeyScope[])}
              required
            >
              <Stack gap="xs" mt="xs">
                {apiKeyScopes.map((value) => (
                  <Checkbox
                    key={value}
                    value={value}
                    label={<Code>{value}</Code>}
                    description={t(`apiKeys.scopeDescriptions.${value.replace(':', '_')}`)}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
            <Select
              label={t('apiKeys.lifetime')}
              data={lifetimes.map((value) => ({ value, label: t(`apiKeys.lifetimes.${value}`) }))}
              value={lifetime}
              onChange={(value) => setLifetime((value as Lifetime | null) ?? 'never')}
              allowDeselect={false}
            />
            <ErrorAlert error={create.error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('apiKeys.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending} disabled={!name.trim() || scopes.length === 0}>
                {t('apiKeys.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
