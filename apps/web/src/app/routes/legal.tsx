import { useTranslation } from 'react-i18next';
import { LegalDocumentPage } from '../../features/legal/components/legal-document-page';
import { usePageTitle } from '../../lib/use-page-title';

export function TermsRoute() {
  const { t } = useTranslation();
  usePageTitle(t('legal.terms.title'));
  return <LegalDocumentPage kind="terms" />;
}

export function PrivacyRoute() {
  const { t } = useTranslation();
  usePageTitle(t('legal.privacy.title'));
  return <LegalDocumentPage kind="privacy" />;
}
