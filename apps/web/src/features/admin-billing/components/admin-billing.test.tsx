import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';

const settings = {
  seller: {
    name: 'Fixpoint B.V.',
    company: null,
    address: 'Dam 1',
    postalCode: '1012 JS',
    city: 'Amsterdam',
    country: 'NL',
    vatId: 'NL853012345B01',
    email: null,
  },
  invoicePrefix: 'INV-',
  invoiceFooter: '',
  pricesIncludeTax: true,
  reverseCharge: true,
  nextInvoiceNumber: 'INV-000043',
};

function stubAdmin() {
  const sent: { url: URL; body: unknown }[] = [];
  stubUser({ overview: { isAdmin: true } }, (url, init) => {
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body));
      sent.push({ url, body });
      return { body: url.pathname === '/api/admin/tax-rates' ? body : { ...settings, ...body } };
    }
    if (url.pathname === '/api/admin/billing-settings') return { body: settings };
    if (url.pathname === '/api/admin/tax-rates') return { body: [{ country: 'NL', rateBp: 2100, label: 'VAT' }] };
    return undefined;
  });
  return sent;
}

describe('admin billing settings', () => {
  it('sets the invoice prefix and notes, showing the next number, and refuses a prefix with spaces', async () => {
    const sent = stubAdmin();
    const { user } = renderApp('/admin/settings/invoices');
    expect(await screen.findByText('The next invoice is INV-000043; numbers follow without gaps.')).toBeInTheDocument();
    const prefix = screen.getByRole('textbox', { name: 'Number prefix' });
    await user.clear(prefix);
    await user.type(prefix, 'FP 26');
    expect(screen.getByText('Letters, digits, - / and _ only.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(prefix);
    await user.type(prefix, 'FP-26-');
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Payable within 14 days.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({
      invoicePrefix: 'FP-26-',
      invoiceFooter: 'Payable within 14 days.',
      seller: { name: 'Fixpoint B.V.', country: 'NL' },
    });
  });

  it('sets the seller’s trade register entry, bank account and contact the invoice footer prints', async () => {
    const sent = stubAdmin();
    const { user } = renderApp('/admin/settings/invoices');
    expect(await screen.findByRole('heading', { name: 'Registration and payment details' })).toBeInTheDocument();
    // Pasted, as people do with a bank account: typing five fields key by key is slow on a busy machine.
    const fill = async (name: string, value: string) => {
      await user.click(screen.getByRole('textbox', { name }));
      await user.paste(value);
    };
    await fill('Trade register entry', 'KvK 12345678');
    await fill('IBAN', 'NL91 ABNA 0417 1643 00');
    await fill('BIC', 'ABNANL2A');
    await fill('Phone', '+31 20 123 4567');
    await fill('Website', 'fixpoint.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({
      seller: {
        name: 'Fixpoint B.V.',
        vatId: 'NL853012345B01',
        registration: 'KvK 12345678',
        iban: 'NL91 ABNA 0417 1643 00',
        bic: 'ABNANL2A',
        phone: '+31 20 123 4567',
        website: 'fixpoint.example',
      },
    });
  });

  it('edits VAT rates per country with their checks, and the VAT mode', async () => {
    const sent = stubAdmin();
    const { user } = renderApp('/admin/settings/tax-management');
    const ratesForm = within(
      (await screen.findByRole('heading', { name: 'VAT rates per country' })).closest('form') as HTMLElement,
    );
    expect(ratesForm.getAllByTestId('tax-rate-row')).toHaveLength(1);
    await user.click(ratesForm.getByRole('button', { name: 'Add country' }));
    const rows = ratesForm.getAllByTestId('tax-rate-row');
    const added = within(rows[1] as HTMLElement);
    expect(added.getByText('Choose a country.')).toBeInTheDocument();
    await user.click(added.getByRole('combobox', { name: 'Country' }));
    await user.type(added.getByRole('combobox', { name: 'Country' }), 'Germ');
    await user.click(await screen.findByRole('option', { name: 'Germany' }));
    await user.type(added.getByRole('textbox', { name: 'Rate' }), '19.555');
    expect(added.getByText('0 to 100, at most 2 decimals.')).toBeInTheDocument();
    await user.clear(added.getByRole('textbox', { name: 'Rate' }));
    await user.type(added.getByRole('textbox', { name: 'Rate' }), '19');
    await user.click(ratesForm.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual([
      { country: 'NL', rateBp: 2100, label: 'VAT' },
      { country: 'DE', rateBp: 1900, label: 'VAT' },
    ]);

    const mode = within(screen.getByRole('heading', { name: 'Prices and VAT' }).closest('form') as HTMLElement);
    await user.click(mode.getByRole('radio', { name: 'VAT is added to prices (business prices)' }));
    await user.click(mode.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.body).toMatchObject({ pricesIncludeTax: false, reverseCharge: true });
  });
});
