import { OrgWebhooksPage } from '../../features/webhooks/components/org-webhooks-page';

/** `/org/:orgId/webhooks` (issue 32): the organisation's webhook endpoints; the person's are a Settings tab. */
export function OrgWebhooksRoute() {
  return <OrgWebhooksPage />;
}
