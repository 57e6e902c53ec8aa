import { Alert, Button, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/copy-button';

/**
 * A hosted station's source password, shown this once: the server keeps only its hash. With the mountpoint it is
 * what the base station (str2str, a receiver's NTRIP server) needs.
 */
export function SourcePasswordDialog({
  mountpoint,
  password,
  caster,
  onClose,
}: {
  mountpoint: string;
  password: string;
  caster: { host: string; port: number };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t('adminNetworks.password.title', { mountpoint })} size="lg">
      <Stack gap="md">
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
          {t('adminNetworks.password.once')}
        </Alert>
        <TextInput
          label={t('adminNetworks.password.label')}
          value={password}
          readOnly
          data-testid="source-password"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          rightSection={<CopyButton value={password} label={t('adminNetworks.password.copy')} />}
        />
        <Text size="sm" c="dimmed">
          {t('adminNetworks.password.example')}
        </Text>
        <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {`str2str -in serial://ttyUSB0:115200 -out ntrips://:${password}@${caster.host}:${caster.port}/${mountpoint}`}
        </Code>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('adminNetworks.password.done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
