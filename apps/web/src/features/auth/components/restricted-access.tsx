import { Alert, Anchor, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/use-page-title';

/** Spec 2: what a non-admin sees on an admin route. */
export function RestrictedAccess() {
  const { t } = useTranslation();
  usePageTitle(t('auth.restricted.title'));
  return (
    <Stack maw={560}>
      <Alert color="yellow" icon={<IconLock size={20} />} title={t('auth.restricted.title')}>
        <Stack gap="xs">
          {t('auth.restricted.message')}
          <Anchor component={Link} to={paths.dashboard.getHref()}>
            {t('auth.restricted.back')}
          </Anchor>
        </Stack>
      </Alert>
    </Stack>
  );
}
