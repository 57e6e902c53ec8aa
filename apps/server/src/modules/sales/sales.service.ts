import type { AdminSalesRequestList, SalesForwarding, SalesRequest } from '@fixpoint/shared';
import type { AuthUser } from '../../plugins/auth';
import { type SalesRepository, toAdminSalesRequest } from './sales.repository';

/** The admin list shows this many leads, newest first. */
const ADMIN_LIST_LIMIT = 200;

/**
 * Sales requests (spec §3, §4, decision 0047): a lead is stored in one insert and the caller told at once; the
 * forwarder sends it to the webhook afterwards (`onStored` wakes it).
 */
export function createSalesService({
  repository,
  isWebhookConfigured,
  onStored,
}: {
  repository: SalesRepository;
  isWebhookConfigured: boolean;
  onStored: () => void;
}) {
  return {
    /** `loggedInEmail` is the session's, never the body's: a visitor cannot pass as a customer. */
    async submit(input: SalesRequest, caller: { user: AuthUser | null; clientAddress: string }) {
      const row = await repository.insert({
        ...input,
        loggedInEmail: caller.user?.email ?? '',
        clientAddress: caller.clientAddress,
      });
      onStored();
      return { id: row.id };
    },

    async list(status?: SalesForwarding): Promise<AdminSalesRequestList> {
      const rows = await repository.list({ status, limit: ADMIN_LIST_LIMIT });
      return { requests: rows.map(toAdminSalesRequest), isWebhookConfigured };
    },
  };
}

export type SalesService = ReturnType<typeof createSalesService>;
