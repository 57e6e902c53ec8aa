import type { NtripAccount } from '@fixpoint/shared';
import { Badge } from '@mantine/core';
import { IconBuilding, IconUserShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useOwnerScope } from '../../../session/owner-scope';
import { formatUntil } from '../lib/lending';

/**
 * An account's lending at a glance: in the person's list the organisation that lent it and until when; in the
 * organisation's list the member it is lent to. Nothing for an account that is not lent.
 */
export function LendingBadge({ account }: { account: NtripAccount }) {
  const { t, i18n } = useTranslation();
  const scope = useOwnerScope();
  const { organization, lending } = account;
  const until = lending ? formatUntil(lending.until, i18n.language) : null;
  let text: string | null = null;
  if (scope.kind === 'personal' && organization) {
    text = until ? t('org.lending.badge', { organization: organization.name, date: until }) : organization.name;
  } else if (scope.kind === 'organization' && lending && until) {
    text = t('org.lending.lentTo', { name: lending.name || lending.email, date: until });
  }
  if (!text) return null;
  const Icon = scope.kind === 'personal' ? IconBuilding : IconUserShare;
  return (
    <Badge
      variant="light"
      color="grape"
      leftSection={<Icon size={12} aria-hidden />}
      style={{ textTransform: 'none' }}
      data-testid="lending-badge"
    >
      {text}
    </Badge>
  );
}
