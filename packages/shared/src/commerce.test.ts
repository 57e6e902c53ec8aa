import { describe, expect, it } from 'vitest';
import {
  byAscendingAmount,
  createProductSchema,
  currencySchema,
  currencySymbol,
  formatMinorUnits,
  formatMoney,
  parseMajorUnits,
  pricingGridColumns,
} from './commerce';

describe('money', () => {
  it('shows minor units with 2 decimals and the symbol of the code in any letter case (spec 3)', () => {
    expect(formatMinorUnits(1234)).toBe('12.34');
    expect(formatMinorUnits(5)).toBe('0.05');
    expect(formatMinorUnits(100000)).toBe('1000.00');
    expect(formatMinorUnits(-250)).toBe('-2.50');
    expect(formatMoney(2900, 'EUR')).toBe('€29.00');
    expect(formatMoney(2900, 'usd')).toBe('$29.00');
    expect(formatMoney(2900, 'Gbp')).toBe('£29.00');
    expect(currencySymbol('chf')).toBe('CHF');
    expect(currencySchema.parse(' EuR ')).toBe('eur');
    expect(currencySchema.safeParse('JPY').success).toBe(false);
  });

  it('reads a typed price exactly, refusing more than 2 decimals', () => {
    expect(parseMajorUnits('12')).toBe(1200);
    expect(parseMajorUnits('12.5')).toBe(1250);
    expect(parseMajorUnits('12,05')).toBe(1205);
    expect(parseMajorUnits('0.29')).toBe(29);
    // 0.29 * 100 is 28.999999999999996 in floating point; the parser never goes through it.
    expect(parseMajorUnits('1.005')).toBeNull();
    expect(parseMajorUnits('-1')).toBeNull();
    expect(parseMajorUnits('1e3')).toBeNull();
    expect(parseMajorUnits('')).toBeNull();
  });
});

describe('pricing screens', () => {
  it('sorts by ascending amount without touching the input, and lays out 1 to 4 columns (spec 2)', () => {
    const products = [{ amount: 300 }, { amount: 100 }, { amount: 200 }];
    expect(byAscendingAmount(products).map((p) => p.amount)).toEqual([100, 200, 300]);
    expect(products[0]?.amount).toBe(300);
    expect([0, 1, 2, 3, 4, 9].map(pricingGridColumns)).toEqual([1, 1, 2, 3, 4, 4]);
  });

  it('asks each product category for what it needs', () => {
    const base = { name: 'Plan', amount: 100, currency: 'eur' };
    expect(createProductSchema.safeParse({ ...base, category: 'credits', creditsAmount: 10 }).success).toBe(true);
    const missing = createProductSchema.safeParse({ ...base, category: 'billable-subscription' });
    expect(missing.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['networkId', 'interval']);
    const manual = createProductSchema.safeParse({
      ...base,
      amount: 0,
      category: 'non-billable-subscription',
      networkId: crypto.randomUUID(),
    });
    expect(manual.success).toBe(true);
  });
});
