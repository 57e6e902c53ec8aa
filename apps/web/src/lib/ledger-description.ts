import type { LedgerDescription, LedgerEntry } from '@fixpoint/shared';
import type { TFunction } from 'i18next';

/** A RINEX file's recorded time as its ledger line says it: hours with up to two decimals, or whole minutes. */
function duration(t: TFunction, language: string, seconds: number) {
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  return seconds >= 3600
    ? t('credits.reasons.hours', { value: number.format(seconds / 3600) })
    : t('credits.reasons.minutes', { value: number.format(Math.max(1, Math.round(seconds / 60))) });
}

/** What a ledger entry was for, in the reader's language (the server stores a code and values, decision 0049). */
export function describeReason(t: TFunction, language: string, description: LedgerDescription): string {
  switch (description.code) {
    case 'activation':
      return t('credits.reasons.activation', { count: description.days, network: description.network });
    case 'purchase':
      return t('credits.reasons.purchase', { product: description.product });
    case 'refund':
      return description.unrecovered > 0
        ? t('credits.reasons.refundPartial', { reference: description.reference, count: description.unrecovered })
        : t('credits.reasons.refund', { reference: description.reference });
    case 'adminGrant':
      return t('credits.reasons.adminGrant');
    case 'adminCorrection':
      return t('credits.reasons.adminCorrection');
    case 'rinexSpend':
      return t('credits.reasons.rinexSpend', {
        mountpoint: description.mountpoint,
        duration: duration(t, language, description.seconds),
      });
    case 'rinexRefund':
      return t('credits.reasons.rinexRefund', { mountpoint: description.mountpoint });
  }
}

/**
 * The description column: the worded code, an administrator's note and the NTRIP account, as far as there are any;
 * an old entry the server could not read into a code shows the text it was written with.
 */
export function describeLedgerEntry(
  t: TFunction,
  language: string,
  entry: Pick<LedgerEntry, 'description' | 'reason' | 'accountName'>,
): string {
  return [entry.description && describeReason(t, language, entry.description), entry.reason, entry.accountName]
    .filter(Boolean)
    .join(' · ');
}
