import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AccountsPage } from '../../features/accounts/components/accounts-page';
import { usePageTitle } from '../../lib/use-page-title';

export function AccountsRoute() {
  const { t } = useTranslation();
  const { orgId } = useParams();
  usePageTitle(t('accounts.title'));
  // One page per owner: a list shown while another owner's loads would be the wrong one (the page defers its list).
  return <AccountsPage key={orgId ?? 'own'} />;
}
