import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';

const invoice = {
  id: 'i1',
  number: 'INV-000007',
  issuedAt: '2026-11-20T10:00:00.000Z',
  status: 'paid',
  description: '100 credits',
  currency: 'eur',
  subtotal: 2397,
  taxAmount: 503,
  total: 2900,
  taxLabel: 'VAT 21%',
  pdfUrl: '/api/invoices/i1/pdf',
};

function stubBilling(overview: object | { status: number }) {
  const sent: { method: string; url: URL; body: unknown }[] = [];
  stubUser({}, (url, init) => {
    const method = init?.method ?? 'GET';
    if (method === 'PUT') {
      const body = JSON.parse(String(init?.body));
      sent.push({ method, url, body });
      if (url.pathname === '/api/billing/payment-method') {
        return {
          body: {
            provider: 'local',
            brand: 'visa',
            last4: body.number.slice(-4),
            expMonth: body.expMonth,
            expYear: body.expYear,
          },
        };
      }
      return { body };
    }
    if (url.pathname === '/api/billing')
      return 'status' in overview
        ? { status: overview.status, body: { code: 'INTERNAL', message: 'x' } }
        : { body: overview };
    if (url.pathname === '/api/getCustomerSecret')
      return { body: { provider: 'local', clientSecret: 'local_seti_x_secret_test', publishableKey: null } };
    return undefined;
  });
  return sent;
}

const empty = {
  profile: null,
  buyerFallback: { name: 'Ada Lovelace', email: 'ada@example.com' },
  paymentMethod: null,
  invoices: [],
  hasSubscriptions: false,
  provider: 'local',
};

describe('the billing settings page', () => {
  it('tells a customer with nothing bought that there is no billing history, in the spec’s dialog', async () => {
    stubBilling(empty);
    const { user } = renderApp('/settings/billing');
    const dialog = within(await screen.findByRole('dialog', { name: 'No Billing History' }));
    expect(
      dialog.getByText("We couldn't find any active subscriptions or billing history for your account."),
    ).toBeInTheDocument();
    await user.click(dialog.getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'No Billing History' })).toBeNull());
    expect(screen.getByText('No invoices yet. Each payment gets an invoice here and by e-mail.')).toBeInTheDocument();
  });

  it('says it could not retrieve billing details when the read fails', async () => {
    stubBilling({ status: 500 });
    const { user } = renderApp('/settings/billing');
    const dialog = within(await screen.findByRole('dialog', { name: 'Could Not Retrieve Billing Details' }));
    expect(
      dialog.getByText(
        'An error occurred while retrieving your billing information. Please refresh the page and try again.',
      ),
    ).toBeInTheDocument();
    await user.click(dialog.getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('lists invoices with their PDFs and saves a test card and the billing details', async () => {
    const sent = stubBilling({ ...empty, hasSubscriptions: true, invoices: [invoice] });
    const { user } = renderApp('/settings/billing');
    const row = within(await screen.findByTestId('invoice-row'));
    expect(row.getByText('INV-000007')).toBeInTheDocument();
    expect(row.getByText('€29.00')).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'Download invoice INV-000007 as PDF' })).toHaveAttribute(
      'href',
      '/api/invoices/i1/pdf',
    );
    expect(screen.queryByRole('dialog', { name: 'No Billing History' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Billing', selected: true })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add card' }));
    const form = within(await screen.findByRole('form', { name: 'Card details' }));
    await user.type(form.getByRole('textbox', { name: 'Card number' }), '4242 4242 4242 4241');
    await user.type(form.getByRole('textbox', { name: 'Expiry' }), '12/30');
    await user.type(form.getByRole('textbox', { name: 'CVC' }), '123');
    await user.click(form.getByRole('button', { name: 'Save card' }));
    expect(form.getByText('This card number is not valid.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await user.clear(form.getByRole('textbox', { name: 'Card number' }));
    await user.type(form.getByRole('textbox', { name: 'Card number' }), '4242 4242 4242 4242');
    await user.click(form.getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({ number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' });

    const details = within(screen.getByRole('heading', { name: 'Billing details' }).closest('form') as HTMLElement);
    expect(details.getByRole('textbox', { name: 'Name' })).toHaveValue('Ada Lovelace');
    await user.type(details.getByRole('textbox', { name: 'Company' }), 'Lovelace Surveying');
    await user.type(details.getByRole('textbox', { name: 'VAT ID' }), 'NL123456789B01');
    await user.click(details.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.url.pathname).toBe('/api/billing/profile');
    expect(sent[1]?.body).toMatchObject({
      name: 'Ada Lovelace',
      company: 'Lovelace Surveying',
      vatId: 'NL123456789B01',
      email: 'ada@example.com',
    });
  });
  it("serves an organisation's billing to its owners and admins under /org/<id>/settings/billing", async () => {
    const sent: URL[] = [];
    const org = { id: 'o1', name: 'North Fleet', status: 'active', memberCount: 2, accountCount: 0, tokenAmount: 0 };
    const stub = (role: string) =>
      stubUser({ overview: { teams: [{ id: 'o1', name: 'North Fleet', role, status: 'active' }] } }, (url, init) => {
        if (url.pathname === '/api/org/o1') return { body: { ...org, role, createdAt: '2026-11-01T00:00:00.000Z' } };
        if (url.pathname === '/api/org/o1/billing') {
          return {
            body: {
              ...empty,
              buyerFallback: { name: 'North Fleet', email: null },
              hasSubscriptions: true,
              invoices: [{ ...invoice, pdfUrl: '/api/org/o1/invoices/i1/pdf' }],
            },
          };
        }
        if (init?.method === 'PUT') {
          sent.push(url);
          return { body: JSON.parse(String(init.body)) };
        }
        return undefined;
      });
    stub('admin');
    const { user, unmount } = renderApp('/org/o1/settings/billing');
    const row = within(await screen.findByTestId('invoice-row', {}, { timeout: 10_000 }));
    expect(row.getByRole('link', { name: 'Download invoice INV-000007 as PDF' })).toHaveAttribute(
      'href',
      '/api/org/o1/invoices/i1/pdf',
    );
    const details = within(screen.getByRole('heading', { name: 'Billing details' }).closest('form') as HTMLElement);
    expect(details.getByRole('textbox', { name: 'Name' })).toHaveValue('North Fleet');
    await user.click(details.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.map((url) => url.pathname)).toEqual(['/api/org/o1/billing/profile']));
    unmount();

    stub('member');
    renderApp('/org/o1/settings/billing');
    expect(await screen.findByText('Billing is for the organisation’s owners and admins.')).toBeInTheDocument();
    expect(screen.queryByTestId('invoice-row')).toBeNull();
  });
});
