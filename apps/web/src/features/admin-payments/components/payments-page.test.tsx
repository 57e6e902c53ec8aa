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
    stubSettings({ provider: 'local', mode: 'test', webhookUrl: null, webhookEvents: [], events: [] });
    renderApp('/admin/settings/payments');
    expect(await screen.findByText('Local test provider')).toBeInTheDocument();
    expect(screen.getByTestId('payment-mode')).toHaveTextContent('Test mode');
    expect(
      screen.getByText(/No webhook is needed\. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('webhook-url')).toBeNull();
    expect(screen.getByText('No payment events yet.')).toBeInTheDocument();
  });
});
