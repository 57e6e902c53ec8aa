import { type Owner, ownerValues, schema } from '@fixpoint/db';
import type { NotificationKind } from '@fixpoint/shared';
import type { AlertTransaction } from './channels';

/**
 * Records an owner's event from another module's transaction (handed in by the wiring, decision 0068): the alerts
 * worker fans it out in-app, by e-mail and to the channels like any swept event. `dedupeKey` keeps it to one event
 * however often it is reported. Answers whether it was new.
 */
export async function recordOwnerEvent(
  tx: AlertTransaction,
  event: { owner: Owner; kind: NotificationKind; data: Record<string, unknown>; dedupeKey: string; occurredAt?: Date },
): Promise<boolean> {
  const recorded = await tx
    .insert(schema.alertEvents)
    .values({
      kind: event.kind,
      ...ownerValues(event.owner),
      data: event.data,
      dedupeKey: event.dedupeKey,
      occurredAt: event.occurredAt ?? new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: schema.alertEvents.id });
  return recorded.length > 0;
}
