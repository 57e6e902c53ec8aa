import { ownerOfRow, ownerWhere, schema, type Transaction } from '@fixpoint/db';
import { eq } from 'drizzle-orm';
import { recordAudit, systemActor } from '../audit/audit';
import type { CreditsRepository } from '../credits/credits.repository';
import type { Outcome } from './payment-effects';
import type { PaymentAction } from './payment-provider';

/**
 * Takes back the credits a refund covers, in proportion to the amount refunded so far. Credits already spent cannot
 * come back: the balance stops at zero and the shortfall is recorded on the checkout and in the ledger entry's description.
 */
export async function refund(
  tx: Transaction,
  creditsRepository: CreditsRepository,
  action: Extract<PaymentAction, { kind: 'refund' }>,
): Promise<Outcome> {
  const c = schema.checkoutSessions;
  const [checkout] = await tx.select().from(c).where(eq(c.paymentIntentId, action.paymentIntentId)).for('update');
  if (!checkout) return { outcome: 'ignored', detail: 'No payment of ours.', checkoutSessionId: null };
  const ref = { checkoutSessionId: checkout.id };
  // The provider's refund in the audit log (decision 0064), in this transaction; whoever issued it at the
  // provider is not known here, so the actor is the system.
  const audit = (after: { amountRefunded: number; creditsRefunded: number; creditsUnrecovered: number }) =>
    recordAudit(tx, {
      actor: systemActor,
      kind: 'payment.refund',
      target: { kind: 'payment', id: checkout.id, label: action.paymentIntentId },
      before: {
        amount: action.amount,
        currency: checkout.currency,
        amountRefunded: checkout.amountRefunded,
        creditsRefunded: checkout.creditsRefunded,
        creditsUnrecovered: checkout.creditsUnrecovered,
      },
      after: { amount: action.amount, currency: checkout.currency, ...after },
    });
  if (checkout.mode !== 'payment' || !checkout.creditsAmount || action.amount <= 0) {
    await tx
      .update(c)
      .set({ amountRefunded: action.amountRefunded, updatedAt: new Date() })
      .where(eq(c.id, checkout.id));
    await audit({
      amountRefunded: action.amountRefunded,
      creditsRefunded: checkout.creditsRefunded,
      creditsUnrecovered: checkout.creditsUnrecovered,
    });
    return { outcome: 'processed', detail: 'Refund recorded.', ...ref };
  }
  const share = Math.min(1, action.amountRefunded / action.amount);
  const due = Math.floor(checkout.creditsAmount * share) - checkout.creditsRefunded - checkout.creditsUnrecovered;
  if (due <= 0) return { outcome: 'ignored', detail: 'Nothing more to take back.', ...ref };

  const owner = ownerOfRow(checkout);
  const b = schema.creditBalances;
  const [balanceRow] = await tx.select({ balance: b.balance }).from(b).where(ownerWhere(b, owner)).for('update');
  const taken = Math.min(due, balanceRow?.balance ?? 0);
  const unrecovered = due - taken;
  if (taken > 0) {
    const changed = await creditsRepository.change(tx, owner, -taken, {
      kind: 'refund',
      description: { code: 'refund', reference: checkout.id.slice(0, 8), unrecovered },
      externalRef: `refund:${checkout.id}:${checkout.creditsRefunded + checkout.creditsUnrecovered + due}`,
    });
    if (!changed) throw new Error(`refund of checkout ${checkout.id} could not change the balance`);
  }
  await tx
    .update(c)
    .set({
      amountRefunded: action.amountRefunded,
      creditsRefunded: checkout.creditsRefunded + taken,
      creditsUnrecovered: checkout.creditsUnrecovered + unrecovered,
      updatedAt: new Date(),
    })
    .where(eq(c.id, checkout.id));
  await audit({
    amountRefunded: action.amountRefunded,
    creditsRefunded: checkout.creditsRefunded + taken,
    creditsUnrecovered: checkout.creditsUnrecovered + unrecovered,
  });
  return {
    outcome: 'processed',
    detail: `Took back ${taken} credits${unrecovered ? `; ${unrecovered} were already spent` : ''}.`,
    ...ref,
  };
}
