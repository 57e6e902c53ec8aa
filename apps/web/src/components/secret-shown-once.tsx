import { Code, Group } from '@mantine/core';
import { AppAlert } from './app-alert';
import { CopyButton } from './copy-button';

/**
 * A secret the server answers once and never shows again (an API key, a webhook's signing secret): the warning that
 * says so, the secret in a block that wraps anywhere, and a copy button. The caller writes the texts.
 */
export function SecretShownOnce({
  secret,
  warning,
  copyLabel,
  testId,
}: {
  secret: string;
  /** "Copy it now: it is not shown again." in the caller's words. */
  warning: string;
  copyLabel: string;
  testId?: string;
}) {
  return (
    <>
      <AppAlert status="warning">{warning}</AppAlert>
      <Group gap="xs" wrap="nowrap">
        <Code block style={{ flex: 1, wordBreak: 'break-all' }} data-testid={testId}>
          {secret}
        </Code>
        <CopyButton value={secret} label={copyLabel} />
      </Group>
    </>
  );
}
