import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';

const stubSettings = (settings: object) =>
  stubUser({ overview: { isAdmin: true } }, (url) =>
    url.pathname === '/api/admin/payments' ? { body: settings } : undefined,
  );

describe('admin payment settings', () => {
  it('shows Stripe’s webhook address, the events to enable and the last deliveries with their outcome', async () => {
    stubSettings({
      provider: 'stripe',
      mode: 'live',
      webhookUrl: 'https://portal.example.com/api/stripe/webhook',
      webhookEvents: ['checkout.session.completed', 'invoice.paid'],
      events: [
        {
          eventId: 'evt_1',
          type: 'checkout.session.completed',
          outcome: 'processed',
          detail: 'Added 100 credits.',
          deliveries: 3,
          receivedAt: '2026-11-23T10:00:00.000Z',
          lastDeliveryAt: '2026-11-23T10:05:00.000Z',
        },
        {
          eventId: 'evt_2',
          type: 'charge.refunded',
          outcome: 'failed',
          detail: 'database unreachable',
          deliveries: 1,
          receivedAt: '2026-11-23T11:00:00.000Z',
          lastDeliveryAt: '2026-11-23T11:00:00.000Z',
        },
      ],
      needsReview: 0,
    });
    renderApp('/admin/settings/payments');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payments' })).toBeInTheDocument();
    expect(await screen.findByTestId('webhook-url')).toHaveTextContent('https://portal.example.com/api/stripe/webhook');
    expect(screen.getByTestId('payment-mode')).toHaveTextContent('Live');
    const events = within(screen.getByRole('list', { name: 'Events to enable' }));
    expect(events.getByText('invoice.paid')).toBeInTheDocument();
    const rows = screen.getAllByTestId('payment-event');
    expect(within(rows[0] as HTMLElement).getByText('Processed')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('3')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Failed')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('database unreachable')).toBeInTheDocument();
  });

  it('says the local provider needs no webhook and how to switch to Stripe', async () => {
    stubSettings({ provider: 'local', mode: 'test', webhookUrl: null, webhookEvents: [], events: [], needsReview: 0 });
    renderApp('/admin/settings/payments');
    expect(await screen.findByText('Local test provider')).toBeInTheDocument();
    expect(screen.getByTestId('payment-mode')).toHaveTextContent('Test mode');
    expect(
      screen.getByText(/No webhook is needed\. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('webhook-url')).toBeNull();
    expect(screen.getByText('No payment events yet.')).toBeInTheDocument();
  });

  it('shows payments held for review with a badge, says what to do, and filters the list to them', async () => {
    const delivery = (eventId: string, outcome: string, detail: string) => ({
      eventId,
      type: 'checkout.session.completed',
      outcome,
      detail,
      deliveries: 1,
      receivedAt: '2026-11-23T10:00:00.000Z',
      lastDeliveryAt: '2026-11-23T10:00:00.000Z',
    });
    stubSettings({
      provider: 'stripe',
      mode: 'live',
      webhookUrl: 'https://portal.example.com/api/stripe/webhook',
      webhookEvents: ['checkout.session.completed'],
      events: [
        delivery('evt_ok', 'processed', 'Added 100 credits.'),
        delivery(
          'evt_cent',
          'needs_review',
          'Paid $0.01, but the checkout asked €5.00: nothing granted, held for review.',
        ),
      ],
      needsReview: 1,
    });
    const { user } = renderApp('/admin/settings/payments');
    expect(await screen.findByTestId('payments-review-alert')).toHaveTextContent('1 payment needs review');
    expect(screen.getAllByTestId('payment-event')).toHaveLength(2);
    const held = screen.getAllByTestId('payment-event')[1] as HTMLElement;
    expect(within(held).getByText('Needs review')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Needs review (1)' }));
    const rows = screen.getAllByTestId('payment-event');
    expect(rows).toHaveLength(1);
    expect(within(rows[0] as HTMLElement).getByText(/Paid \$0\.01/)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'All deliveries' }));
    expect(screen.getAllByTestId('payment-event')).toHaveLength(2);
  });
});
