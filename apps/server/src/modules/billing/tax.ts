/** How a price carries VAT (admin → settings → tax management). */
export interface TaxSettings {
  pricesIncludeTax: boolean;
  reverseCharge: boolean;
  /** The seller's country (ISO 3166-1 alpha-2). */
  sellerCountry: string | null;
}

export interface TaxedAmount {
  subtotal: number;
  taxAmount: number;
  total: number;
  taxRateBp: number;
  /** "VAT 21%", "Reverse charge", or empty without tax. */
  taxLabel: string;
}

/** A rate in basis points as people write it: 2100 → "21%", 950 → "9.5%". */
export const formatRate = (rateBp: number) => `${Number((rateBp / 100).toFixed(2))}%`;

/**
 * The tax on one price, in minor units, exactly (integers only; half a cent rounds up). A buyer with a VAT ID in
 * another country than the seller's pays no VAT under reverse charge (when the operator allows it); otherwise the
 * buyer's country's rate applies, added to the price or taken out of it.
 */
export function computeTax(
  amount: number,
  rate: { rateBp: number; label: string } | null,
  buyer: { country?: string | null; vatId?: string | null },
  settings: TaxSettings,
): TaxedAmount {
  const isReverseCharge =
    settings.reverseCharge &&
    Boolean(buyer.vatId?.trim()) &&
    Boolean(buyer.country) &&
    Boolean(settings.sellerCountry) &&
    buyer.country !== settings.sellerCountry;
  if (isReverseCharge)
    return { subtotal: amount, taxAmount: 0, total: amount, taxRateBp: 0, taxLabel: 'Reverse charge' };
  if (!rate || rate.rateBp === 0) return { subtotal: amount, taxAmount: 0, total: amount, taxRateBp: 0, taxLabel: '' };
  const { rateBp } = rate;
  const taxAmount = settings.pricesIncludeTax
    ? amount - Math.floor((amount * 10_000 + (10_000 + rateBp) / 2) / (10_000 + rateBp))
    : Math.floor((amount * rateBp + 5_000) / 10_000);
  const subtotal = settings.pricesIncludeTax ? amount - taxAmount : amount;
  return {
    subtotal,
    taxAmount,
    total: subtotal + taxAmount,
    taxRateBp: rateBp,
    taxLabel: `${rate.label} ${formatRate(rateBp)}`,
  };
}
