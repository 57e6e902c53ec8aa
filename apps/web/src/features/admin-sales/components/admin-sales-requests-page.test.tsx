import type { AdminSalesRequest } from '@fixpoint/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';

const slow = { timeout: 4000 };

const lead = (id: string, extra: Partial<AdminSalesRequest> = {}): AdminSalesRequest => ({
  id,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  loggedInEmail: '',
  company: 'Analytical Engines',
  phoneNumber: '+31 6 12345678',
  submittedFrom: '/dashboard',
  message: 'A demo, please.',
  gclid: '',
  createdAt: '2026-11-02T09:00:00.000Z',
  forwarding: 'forwarded',
  attempts: 1,
  lastError: null,
  forwardedAt: '2026-11-02T09:00:01.000Z',
  nextAttemptAt: null,
  ...extra,
});

const longMessage = `We run 40 tractors and 12 drones across three provinces and would like to resell corrections.${' More.'.repeat(10)}`;

const pending = lead('l2', {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  loggedInEmail: 'admin@example.com',
  company: '',
  phoneNumber: '',
  submittedFrom: '/accounts',
  message: longMessage,
  gclid: 'CjwKCAjw',
  createdAt: '2026-11-03T10:00:00.000Z',
  forwarding: 'pending',
  attempts: 2,
  lastError: 'connect ECONNREFUSED 127.0.0.1:9',
  forwardedAt: null,
  nextAttemptAt: '2026-11-03T10:02:00.000Z',
});

const failed = lead('l3', {
  firstName: 'Alan',
  lastName: 'Turing',
  createdAt: '2026-11-01T08:00:00.000Z',
  forwarding: 'failed',
  attempts: 8,
  lastError: 'The webhook answered 500',
  forwardedAt: null,
});

type Answer = { status?: number; body?: unknown };

/** An admin; `GET /api/admin/sales-requests` answers each read from `answers` in turn (the last one repeats). */
function stubLeads(...answers: (Answer | Promise<Answer>)[]) {
  const reads: URL[] = [];
  stubUser({ overview: { isAdmin: true } });
  const base = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/admin/sales-requests') return base(input, init);
    reads.push(url);
    const answer = await answers[Math.min(reads.length, answers.length) - 1];
    return new Response(JSON.stringify(answer?.body), { status: answer?.status ?? 200 });
  });
  return reads;
}

const rows = () => screen.getAllByTestId('sales-request-row');

describe('the admin sales requests page', () => {
  it('lists the leads newest first with who, where from, the message and the forwarding state', async () => {
    stubLeads({ body: { requests: [lead('l1'), failed, pending], isWebhookConfigured: true } });
    const { user } = renderApp('/admin/sales-requests');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sales requests' }, slow)).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(document.title).toBe('Fixpoint | Sales requests');
    expect(screen.queryByText('No webhook configured')).toBeNull();
    expect(rows().map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Grace Hopper',
      'Ada Lovelace',
      'Alan Turing',
    ]);

    const waiting = within(rows()[0] as HTMLElement);
    expect(waiting.getByTestId('sales-forwarding')).toHaveTextContent('Pending');
    expect(waiting.getByText('2 attempts')).toBeInTheDocument();
    expect(waiting.getByText('Last error: connect ECONNREFUSED 127.0.0.1:9')).toBeInTheDocument();
    expect(waiting.getByText(/^Next attempt /)).toBeInTheDocument();
    expect(waiting.getByRole('link', { name: 'grace@example.com' })).toHaveAttribute(
      'href',
      'mailto:grace@example.com',
    );
    expect(waiting.getByText('Signed in as admin@example.com')).toBeInTheDocument();
    expect(waiting.getByText('/accounts')).toBeInTheDocument();
    expect(waiting.getByText('After an ad click')).toBeInTheDocument();
    // A long message shows its start; the whole of it is a click away.
    const message = waiting.getByTestId('sales-message');
    expect(message.textContent).toMatch(/^We run 40 tractors .*…$/);
    expect(message.textContent?.length).toBeLessThan(longMessage.length);
    await user.click(waiting.getByRole('button', { name: 'Show all' }));
    expect(message).toHaveTextContent(longMessage.trim());
    expect(waiting.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');

    const sent = within(rows()[1] as HTMLElement);
    expect(sent.getByTestId('sales-forwarding')).toHaveTextContent('Forwarded');
    expect(sent.getByText('1 attempt')).toBeInTheDocument();
    expect(sent.getByText(/^Forwarded .*2026/)).toBeInTheDocument();
    expect(sent.getByRole('link', { name: '+31 6 12345678' })).toHaveAttribute('href', 'tel:+31612345678');
    expect(sent.getByText('Analytical Engines')).toBeInTheDocument();
    expect(sent.queryByRole('button', { name: 'Show all' })).toBeNull();

    const gaveUp = within(rows()[2] as HTMLElement);
    expect(gaveUp.getByTestId('sales-forwarding')).toHaveTextContent('Failed');
    expect(gaveUp.getByText('8 attempts')).toBeInTheDocument();
    expect(gaveUp.getByText('Last error: The webhook answered 500')).toBeInTheDocument();
  });

  it('filters by forwarding state through the API', async () => {
    const reads = stubLeads(
      { body: { requests: [lead('l1'), pending], isWebhookConfigured: true } },
      { body: { requests: [pending], isWebhookConfigured: true } },
    );
    const { user } = renderApp('/admin/sales-requests');
    await waitFor(() => expect(rows()).toHaveLength(2), slow);
    await user.click(screen.getByRole('combobox', { name: 'Forwarding state' }));
    await user.click(await screen.findByRole('option', { name: 'Pending' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(reads.at(-1)?.searchParams.get('status')).toBe('pending');
    expect(reads[0]?.searchParams.has('status')).toBe(false);
  });

  it('says when no webhook is configured, and what an empty list means', async () => {
    stubLeads({ body: { requests: [], isWebhookConfigured: false } });
    renderApp('/admin/sales-requests');
    expect(await screen.findByText('No webhook configured', {}, slow)).toBeInTheDocument();
    expect(
      screen.getByText(
        'SALES_WEBHOOK_URL is not set, so leads are kept here and not forwarded to the automation webhook.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('No sales requests yet. They appear here when someone sends the Contact Sales form.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows skeleton rows while loading, then a failure in words with Retry', async () => {
    let answer: (value: Answer) => void = () => {};
    const first = new Promise<Answer>((resolve) => (answer = resolve));
    const reads = stubLeads(first, { body: { requests: [lead('l1')], isWebhookConfigured: true } });
    const { user } = renderApp('/admin/sales-requests');
    expect(await screen.findByRole('status', { name: 'Loading…' }, slow)).toHaveAttribute('aria-busy', 'true');
    answer({ status: 500, body: { code: 'INTERNAL', message: 'Internal error', requestId: 'r1' } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The sales requests could not be loaded.');
    expect(alert).toHaveTextContent('Something went wrong on our side. Please try again later.');
    expect(screen.getByRole('heading', { level: 1, name: 'Sales requests' })).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(reads).toHaveLength(2);
  });

  it('is listed in the admin navigation', async () => {
    stubLeads({ body: { requests: [], isWebhookConfigured: true } });
    renderApp('/admin/sales-requests');
    const menu = within(await screen.findByRole('navigation', { name: 'Side menu' }, slow));
    const entry = await menu.findByRole('link', { name: 'Sales requests' });
    expect(entry).toHaveAttribute('href', '/admin/sales-requests');
    expect(entry).toHaveAttribute('aria-current', 'page');
  });
});
