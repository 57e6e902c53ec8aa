import type { Owner, Transaction } from '@fixpoint/db';
import type { NotificationKind } from '@fixpoint/shared';

/** The transaction a channel writes in: the fan-out's, so an event reaches every channel or none. */
export type AlertTransaction = Transaction;

/** One event as the owners it reaches hear it (issue 31, decision 0076). */
export interface OwnersEvent {
  /** Every owner whose settings leave the kind's channel on: thousands for a station of a large network. */
  owners: readonly Owner[];
  kind: NotificationKind;
  /** What happened, as the notification stores it (station id, mountpoint, network name, since, ...). */
  data: Record<string, unknown>;
  occurredAt: Date;
}

/**
 * A channel beyond in-app and e-mail (webhooks, decision 0078): called once per event, in the fan-out's transaction,
 * with the owners whose settings leave the kind's `webhook` on, so it can write for all of them in a few statements
 * rather than one per owner. The notifications module imports no channel; `event-wiring.ts` hands the list in.
 */
export type EventChannel = (tx: AlertTransaction, event: OwnersEvent) => Promise<void>;
