import { ActionIcon, CopyButton as MantineCopyButton, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Spec 4 and 9: how long the copied confirmation shows. */
export const copyConfirmationMs = 2000;

/**
 * Spec 2: copies a value to the clipboard and confirms it for 2 seconds (icon, tooltip and a polite
 * announcement). `label` names what is copied, e.g. "Copy password".
 */
export function CopyButton({ value, label }: { value: string; label?: string }) {
  const { t } = useTranslation();
  const name = label ?? t('copy.copy');
  return (
    <MantineCopyButton value={value} timeout={copyConfirmationMs}>
      {({ copied, copy }) => (
        <>
          <Tooltip label={copied ? t('copy.copied') : name} withArrow position="top">
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              onClick={copy}
              aria-label={copied ? t('copy.copied') : name}
              data-copied={copied || undefined}
            >
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
          <VisuallyHidden aria-live="polite">{copied ? t('copy.copied') : ''}</VisuallyHidden>
        </>
      )}
    </MantineCopyButton>
  );
}
