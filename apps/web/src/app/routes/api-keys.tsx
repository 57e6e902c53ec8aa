import { OrgApiKeysPage } from '../../features/api-keys/components/org-api-keys-page';

/** `/org/:orgId/api-keys` (issue 32): the organisation's API keys; the person's are a Settings tab. */
export function OrgApiKeysRoute() {
  return <OrgApiKeysPage />;
}
