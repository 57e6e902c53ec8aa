import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { schema } from '@fixpoint/db';
import { brandKeys, getBrand } from '@fixpoint/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoBilling } from '../../demo/demo-billing';
import { insertCreditPack, signInAdmin, signUpUser } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { parseLogo } from './invoice-logo';

type User = Awaited<ReturnType<typeof signUpUser>>;

/** WinAnsi bytes pdfkit's built-in fonts write that differ from Latin-1. */
const winAnsi: Record<number, string> = { 128: '€', 150: '–', 151: '—', 149: '•', 146: '’' };

/** Every content stream of a PDF, inflated. */
function pdfContent(pdf: Buffer): string {
  return [...pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)]
    .map(([, body = '']) => {
      try {
        return inflateSync(Buffer.from(body, 'latin1')).toString('latin1');
      } catch {
        return '';
      }
    })
    .join('\n');
}

/**
 * The text of a PDF pdfkit wrote, as a reader would copy it: each text object's hex strings (`<…> Tj`, `[<…> 5 <…>]
 * TJ`) decoded from WinAnsi, one text object a line.
 */
function pdfText(pdf: Buffer): string {
  return [...pdfContent(pdf).matchAll(/BT([\s\S]*?)ET/g)]
    .map(([, block = '']) => {
      const bytes = Buffer.from([...block.matchAll(/<([0-9a-fA-F]*)>/g)].map((match) => match[1]).join(''), 'hex');
      return [...bytes].map((byte) => winAnsi[byte] ?? String.fromCharCode(byte)).join('');
    })
    .join('\n');
}

describe('the invoice PDF (decision 0072)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  let packId: string;

  const call = (who: { headers: Record<string, string> }, method: string, url: string, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, headers: who.headers, payload });
  async function buyAndRead(user: User, language = 'en') {
    const { checkoutSessionId } = (await call(user, 'POST', `/api/checkout/product?priceId=${packId}`)).json();
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/payments/local/${checkoutSessionId}`,
      headers: { ...user.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    expect(paid.statusCode).toBeLessThan(400);
    const [invoice] = (await call(user, 'GET', '/api/billing')).json().invoices;
    const pdf = await t.app.inject({
      method: 'GET',
      url: invoice.pdfUrl,
      headers: { ...user.headers, 'accept-language': language },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    return { invoice, pdf: pdf.rawPayload, text: pdfText(pdf.rawPayload) };
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t);
    packId = await insertCreditPack(t.database.db, { name: '100 credits', amount: 2900, creditsAmount: 100 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('names the seller Admin → Settings → Invoices shows, before the operator has saved anything', async () => {
    const settings = (await call(admin, 'GET', '/api/admin/billing-settings')).json();
    expect(settings.seller.name).toBe('Fixpoint');
    const { invoice, text } = await buyAndRead(await signUpUser(t, 'Early Erik'));
    const [row] = await t.database.db.select().from(schema.invoices).where(eq(schema.invoices.id, invoice.id));
    expect(row?.seller).toMatchObject({ name: 'Fixpoint', brand: 'fixpoint' });
    // The From block used to be empty: the page showed the brand, the invoice copied an empty name.
    expect(text).toMatch(/^Fixpoint$/m);
    expect(text).toContain('Early Erik');
    expect(text).toContain('VAT 0%');
    expect(text).toContain('Total');
  });

  it('carries seller, buyer, dates, lines with unit price and VAT rate, VAT, totals, status, payment and registration', async () => {
    const saved = await call(admin, 'PUT', '/api/admin/billing-settings', {
      seller: {
        name: 'Fixpoint B.V.',
        address: 'Stationsplein 12',
        postalCode: '3511 ED',
        city: 'Utrecht',
        country: 'NL',
        vatId: 'NL 8591.23456.B01',
        email: 'billing@fixpoint.example',
        registration: 'KvK 87654321',
        iban: 'nl91 abna 0417 1643 00',
        bic: 'abnanl2a',
        phone: '+31 30 123 4567',
        website: 'fixpoint.example',
      },
      invoicePrefix: 'INV-',
      invoiceFooter: 'Thank you for your purchase.',
      pricesIncludeTax: true,
      reverseCharge: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().seller).toMatchObject({ iban: 'NL91ABNA0417164300', bic: 'ABNANL2A', vatId: 'NL859123456B01' });
    const badIban = await call(admin, 'PUT', '/api/admin/billing-settings', {
      ...saved.json(),
      seller: { ...saved.json().seller, iban: 'NL92ABNA0417164300' },
    });
    expect(badIban.statusCode).toBe(400);
    expect(badIban.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    await call(admin, 'PUT', '/api/admin/tax-rates', [{ country: 'NL', rateBp: 2100, label: 'VAT' }]);

    const buyer = await signUpUser(t, 'Invoice Ingrid');
    await call(buyer, 'PUT', '/api/billing/profile', {
      name: 'Ingrid Jansen',
      company: 'Jansen Agro',
      address: 'Polderweg 3',
      postalCode: '8251 AB',
      city: 'Dronten',
      country: 'NL',
      email: 'accounts@jansen.example',
    });
    const { invoice, pdf, text } = await buyAndRead(buyer);
    expect(invoice).toMatchObject({ subtotal: 2397, taxAmount: 503, total: 2900 });
    for (const expected of [
      // Seller, with the brand's logo above it.
      'Fixpoint B.V.',
      'Stationsplein 12',
      '3511 ED Utrecht',
      'VAT ID NL859123456B01',
      // Buyer.
      'Jansen Agro',
      'Ingrid Jansen',
      '8251 AB Dronten',
      'Netherlands',
      // The invoice's facts.
      'Invoice number',
      invoice.number,
      'Invoice date',
      'Date of supply',
      'Paid on',
      'Payment method',
      'Card (test payment: no money moved)',
      // The line, its VAT and the totals.
      'Unit price',
      '100 credits',
      '21%',
      '€23.97',
      'VAT 21% of €23.97',
      '€5.03',
      '€29.00',
      'Amount due',
      '€0.00',
      'Thank you for your purchase.',
      // The footer: registration and bank account.
      'KvK 87654321',
      'IBAN NL91 ABNA 0417 1643 00',
      'BIC ABNANL2A',
      'Page 1 of 1',
    ])
      expect(text).toContain(expected);
    // The Fixpoint logo is drawn: its blue disc (#0b6bcb) is filled.
    expect(pdfContent(pdf)).toContain('0.043137254901960784 0.4196078431372549 0.796078431372549 scn');

    const dutch = (await buyAndRead(buyer, 'nl')).text;
    for (const expected of ['Factuur', 'Factuurdatum', 'Leveringsdatum', 'Betaald op', 'Btw-nummer NL859123456B01'])
      expect(dutch).toContain(expected);
  });

  it('draws every brand’s logo: its shapes and its name', () => {
    for (const key of brandKeys) {
      const brand = getBrand(key);
      const svg = readFileSync(new URL(`../../../../web/public${brand.logo}`, import.meta.url), 'utf8');
      const logo = parseLogo(svg);
      expect(logo?.shapes.length, key).toBeGreaterThan(1);
      expect(logo?.text?.value.toLowerCase()).toBe(brand.name.toLowerCase());
    }
  });

  it('the demo names a complete seller of the running brand and standard VAT rates, and leaves an operator’s alone', async () => {
    await seedDemoBilling(t.database.db, 'baupunkt');
    const [settings] = await t.database.db.select().from(schema.billingSettings);
    // The operator's seller above has an address: it stays.
    expect(settings?.seller.name).toBe('Fixpoint B.V.');

    const fresh = await createTestApp({ BRAND: 'baupunkt' });
    try {
      await seedDemoBilling(fresh.database.db, 'baupunkt');
      const [demo] = await fresh.database.db.select().from(schema.billingSettings);
      expect(demo?.seller).toMatchObject({
        name: 'Baupunkt GmbH',
        country: 'DE',
        registration: 'HRB 245183, Amtsgericht München',
        brand: 'baupunkt',
      });
      const rates = await fresh.database.db.select().from(schema.taxRates);
      expect(rates.map((rate) => rate.country).sort()).toEqual(['BE', 'DE', 'NL']);
    } finally {
      await fresh.close();
    }
  });
});
