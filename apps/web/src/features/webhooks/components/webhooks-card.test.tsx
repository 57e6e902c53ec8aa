import type { WebhookDelivery, WebhookEndpoint } from '@fixpoint/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';

const broken: WebhookEndpoint = {
  id: 'w1',
  url: 'https://erp.example.com/hooks',
  events: ['account.created', 'session.started'],
  isDisabled: true,
  disabledReason: 'Deliveries failed for 24 hours (last: HTTP 500).',
  disabledAt: '2026-11-27T10:00:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
};
const failedDelivery: WebhookDelivery = {
  id: 'd1',
  eventId: '5a1f0f55-8d43-4a4f-9d0e-1ab3d6c0a001',
  eventType: 'account.created',
  status: 'failed',
  attempts: 14,
  responseCode: 500,
  lastError: 'HTTP 500',
  createdAt: '2026-11-26T10:00:00.000Z',
  lastAttemptAt: '2026-11-27T10:00:00.000Z',
  nextAttemptAt: null,
  deliveredAt: null,
  replayOf: null,
};
/** Generated per run, as the server makes one: `whsec_` and 32 random bytes. */
const secret = `whsec_${btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))}`;

function stubWebhooks() {
  let items: WebhookEndpoint[] = [broken];
  let deliveries: WebhookDelivery[] = [failedDelivery];
  const sent: { method: string; path: string; body: unknown }[] = [];
  stubUser({}, (url, init) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : null;
    if (method !== 'GET') sent.push({ method, path: url.pathname, body });
    if (url.pathname === '/api/webhooks' && method === 'GET') return { body: { items } };
    if (url.pathname === '/api/webhooks' && method === 'POST') {
      const created = {
        ...broken,
        id: 'w2',
        url: body.url,
        events: body.events,
        isDisabled: false,
        disabledReason: null,
      };
      items = [...items, created];
      return { status: 201, body: { ...created, secret } };
    }
    if (url.pathname === '/api/webhooks/w1' && method === 'PATCH') {
      items = items.map((item) => (item.id === 'w1' ? { ...item, isDisabled: false, disabledReason: null } : item));
      return { body: items[0] };
    }
    if (url.pathname === '/api/webhooks/w1/deliveries') return { body: { items: deliveries } };
    if (url.pathname === '/api/webhooks/w1/deliveries/d1/replay') {
      const replay: WebhookDelivery = {
        ...failedDelivery,
        id: 'd2',
        status: 'pending',
        attempts: 0,
        responseCode: null,
        replayOf: 'd1',
      };
      deliveries = [replay, ...deliveries];
      return { status: 202, body: replay };
    }
    return undefined;
  });
  return sent;
}

describe('the webhooks settings page', () => {
  it('adds an endpoint with its secret shown once, shows the delivery log, replays and re-enables', async () => {
    const sent = stubWebhooks();
    const { user } = renderApp('/settings/webhooks');
    const row = (await screen.findByText('https://erp.example.com/hooks')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Disabled')).toBeInTheDocument();
    expect(within(row).getByText(/failed for 24 hours/)).toBeInTheDocument();

    // Add an endpoint: pick its events; the secret is shown once with a copy button.
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New webhook endpoint' }));
    await user.type(dialog.getByRole('textbox', { name: /Address/ }), 'https://shop.example.com/fixpoint');
    await user.click(dialog.getByRole('checkbox', { name: 'invoice.paid' }));
    await user.click(dialog.getByRole('button', { name: 'Add endpoint' }));
    const shown = within(await screen.findByRole('dialog', { name: "Your endpoint's signing secret" }));
    expect(shown.getByTestId('created-webhook-secret')).toHaveTextContent(secret);
    expect(shown.getByRole('button', { name: 'Copy secret' })).toBeInTheDocument();
    expect(sent[0]).toEqual({
      method: 'POST',
      path: '/api/webhooks',
      body: { url: 'https://shop.example.com/fixpoint', events: ['account.created', 'invoice.paid'] },
    });
    await user.click(shown.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('https://shop.example.com/fixpoint')).toBeInTheDocument();
    expect(screen.queryByText(secret)).not.toBeInTheDocument();

    // The delivery log with its response code; a replay queues the event again.
    await user.click(within(row).getByRole('button', { name: 'Deliveries' }));
    const log = within(await screen.findByRole('dialog', { name: 'Delivery log' }));
    const delivery = (await log.findByText('Failed')).closest('tr') as HTMLElement;
    expect(within(delivery).getByText('500')).toBeInTheDocument();
    expect(within(delivery).getByText('14')).toBeInTheDocument();
    await user.click(within(delivery).getByRole('button', { name: /Replay account.created/ }));
    expect(await log.findByText('Pending')).toBeInTheDocument();
    expect(sent[1]).toMatchObject({ method: 'POST', path: '/api/webhooks/w1/deliveries/d1/replay' });
    await user.keyboard('{Escape}');

    // Re-enable the endpoint the failures disabled.
    await user.click(within(row).getByRole('button', { name: 'Re-enable' }));
    expect(await within(row).findByText('Active')).toBeInTheDocument();
    expect(sent[2]).toEqual({ method: 'PATCH', path: '/api/webhooks/w1', body: { isDisabled: false } });
  });
});
