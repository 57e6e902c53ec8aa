import { type Database, schema } from '@fixpoint/db';
import { type BrandKey, getBrand } from '@fixpoint/shared';
import { eq } from 'drizzle-orm';

/** Where the demo's seller sits: a Dutch B.V. for the Dutch and English brands, a German GmbH for the German one. */
function demoSeller(key: BrandKey): (typeof schema.billingSettings.$inferSelect)['seller'] {
  const brand = getBrand(key);
  const domain = brand.domain;
  const contact = { email: `billing@${domain}`, website: domain, brand: key };
  if (brand.staticLanguage === 'de')
    return {
      name: `${brand.name} GmbH`,
      address: 'Leopoldstraße 20',
      postalCode: '80802',
      city: 'München',
      country: 'DE',
      vatId: 'DE811907980',
      registration: 'HRB 245183, Amtsgericht München',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      phone: '+49 89 1234 5670',
      ...contact,
    };
  return {
    name: `${brand.name} B.V.`,
    address: 'Stationsplein 12',
    postalCode: '3511 ED',
    city: 'Utrecht',
    country: 'NL',
    vatId: 'NL859123456B01',
    registration: 'KvK 87654321',
    iban: 'NL91ABNA0417164300',
    bic: 'ABNANL2A',
    phone: '+31 30 123 4567',
    ...contact,
  };
}

/** The EU's standard rates for the demo's buyers: the seller's country and its neighbours. */
const demoTaxRates = [
  { country: 'NL', rateBp: 2100, label: 'VAT' },
  { country: 'BE', rateBp: 2100, label: 'VAT' },
  { country: 'DE', rateBp: 1900, label: 'VAT' },
];

/**
 * The demo names a complete seller (address, VAT ID, trade register, bank account) and standard VAT rates, so a
 * fresh `npm start` issues an invoice an accountant would accept (decision 0072). A seller the operator has given an
 * address, and any VAT rates of theirs, stay as they are.
 */
export async function seedDemoBilling(db: Database, brand: BrandKey): Promise<void> {
  await db.transaction(async (tx) => {
    const t = schema.billingSettings;
    const [settings] = await tx.select().from(t).where(eq(t.id, 1));
    if (!settings?.seller.address) {
      const seller = demoSeller(brand);
      const footer = `Thank you for your purchase. Questions about this invoice: ${seller.email}.`;
      await tx
        .insert(t)
        .values({ id: 1, seller, invoiceFooter: footer })
        .onConflictDoUpdate({ target: t.id, set: { seller, invoiceFooter: settings?.invoiceFooter || footer } });
    }
    const [anyRate] = await tx.select({ country: schema.taxRates.country }).from(schema.taxRates).limit(1);
    if (!anyRate) await tx.insert(schema.taxRates).values(demoTaxRates).onConflictDoNothing();
  });
}
