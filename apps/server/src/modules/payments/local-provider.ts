import { randomBytes } from 'node:crypto';
import type { PaymentProvider } from './payment-provider';

/** Where the local provider's checkout page for a session lives. */
export const localCheckoutPath = (checkoutSessionId: string) => `/api/payments/local/${checkoutSessionId}`;

/**
 * The embedded default's payment provider (docs/decisions/0036): no money moves. Its checkout page, served by this
 * server, confirms or refuses through the same fulfilment path as Stripe's webhooks.
 */
export function createLocalProvider(): PaymentProvider {
  const customerId = (userId: string) => `local_cus_${userId}`;
  return {
    name: 'local',
    mode: 'test',
    publishableKey: null,
    async createCheckout({ checkoutSessionId, customer, origin }) {
      return {
        providerSessionId: `local_cs_${checkoutSessionId}`,
        url: `${origin}${localCheckoutPath(checkoutSessionId)}`,
        customerId: customer.customerId ?? customerId(customer.userId),
      };
    },
    // The local provider renews nothing by itself: there is no renewal to stop.
    async setCancelAtPeriodEnd() {},
    async cancelNow() {},
    async customerSecret(customer) {
      return {
        clientSecret: `local_seti_${randomBytes(12).toString('hex')}_secret_test`,
        customerId: customer.customerId ?? customerId(customer.userId),
      };
    },
  };
}
