import { describe, expect, it } from 'vitest';
import { computeTax, formatRate } from './tax';

const nl = { rateBp: 2100, label: 'VAT' };
const including = { pricesIncludeTax: true, reverseCharge: true, sellerCountry: 'NL' };
const excluding = { ...including, pricesIncludeTax: false };

describe('computeTax', () => {
  it('takes VAT out of a price that includes it, to the cent', () => {
    // €29.00 incl. 21 %: 2900 / 1.21 = 2396.69 → 2397 net, 503 VAT.
    expect(computeTax(2900, nl, { country: 'NL' }, including)).toEqual({
      subtotal: 2397,
      taxAmount: 503,
      total: 2900,
      taxRateBp: 2100,
      taxLabel: 'VAT 21%',
    });
  });

  it('adds VAT to a price that excludes it', () => {
    expect(computeTax(2900, nl, { country: 'NL' }, excluding)).toMatchObject({
      subtotal: 2900,
      taxAmount: 609,
      total: 3509,
    });
    // Half a cent rounds up: 1050 × 9.5 % = 99.75 → 100.
    expect(computeTax(1050, { rateBp: 950, label: 'VAT' }, { country: 'NL' }, excluding).taxAmount).toBe(100);
  });

  it('charges no VAT to a business in another country with a VAT ID, and VAT to one in the seller’s', () => {
    const de = { rateBp: 1900, label: 'MwSt' };
    expect(computeTax(2900, de, { country: 'DE', vatId: 'DE123456789' }, including)).toEqual({
      subtotal: 2900,
      taxAmount: 0,
      total: 2900,
      taxRateBp: 0,
      taxLabel: 'Reverse charge',
    });
    expect(computeTax(2900, nl, { country: 'NL', vatId: 'NL123456789B01' }, including).taxAmount).toBe(503);
    // Reverse charge switched off: the buyer's country's VAT applies.
    expect(computeTax(2900, de, { country: 'DE', vatId: 'DE1' }, { ...including, reverseCharge: false }).taxLabel).toBe(
      'MwSt 19%',
    );
  });

  it('charges nothing where no rate is set', () => {
    expect(computeTax(2900, null, { country: 'US' }, excluding)).toMatchObject({ total: 2900, taxLabel: '' });
    expect(formatRate(950)).toBe('9.5%');
  });
});
