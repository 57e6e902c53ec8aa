import type { LedgerDescription } from '@fixpoint/shared';
import { describe, expect, it } from 'vitest';
import { initTestI18n } from '../testing/render';
import { describeLedgerEntry, describeReason } from './ledger-description';

/** One of each code: a new code in the contract fails the type check here until it is worded. */
const samples: Record<LedgerDescription['code'], LedgerDescription[]> = {
  activation: [
    { code: 'activation', days: 1, network: 'Demo' },
    { code: 'activation', days: 30, network: 'Demo' },
  ],
  purchase: [{ code: 'purchase', product: 'Season pack' }],
  refund: [
    { code: 'refund', reference: '3f2a9b1c', unrecovered: 0 },
    { code: 'refund', reference: '3f2a9b1c', unrecovered: 1 },
    { code: 'refund', reference: '3f2a9b1c', unrecovered: 60 },
  ],
  adminGrant: [{ code: 'adminGrant' }],
  adminCorrection: [{ code: 'adminCorrection' }],
  rinexSpend: [
    { code: 'rinexSpend', mountpoint: 'DEMO1', seconds: 5400 },
    { code: 'rinexSpend', mountpoint: 'DEMO1', seconds: 600 },
  ],
  rinexRefund: [{ code: 'rinexRefund', mountpoint: 'DEMO1' }],
};

const worded = (language: 'en' | 'nl' | 'de') => {
  const i18n = initTestI18n(language);
  return Object.values(samples)
    .flat()
    .map((description) => describeReason(i18n.t, language, description));
};

describe('ledger descriptions', () => {
  it('are worded in English as the server used to write them', () => {
    expect(worded('en')).toEqual([
      '1 day on Demo',
      '30 days on Demo',
      'Bought Season pack',
      'Refund of 3f2a9b1c',
      'Refund of 3f2a9b1c: 1 credit was already spent',
      'Refund of 3f2a9b1c: 60 credits were already spent',
      'Granted by an administrator',
      'Corrected by an administrator',
      'RINEX DEMO1, 1.5 h of data',
      'RINEX DEMO1, 10 min of data',
      'RINEX DEMO1: conversion failed',
    ]);
  });

  it('are worded in Dutch and German, numbers as those languages write them', () => {
    expect(worded('nl')).toContain('30 dagen op Demo');
    expect(worded('nl')).toContain('RINEX DEMO1, 1,5 uur aan data');
    expect(worded('de')).toContain('1 Tag in Demo');
    expect(worded('de')).toContain('Erstattung von 3f2a9b1c: 60 Credits waren schon ausgegeben');
    for (const language of ['nl', 'de'] as const) {
      const texts = worded(language);
      expect(texts.filter((text) => worded('en').includes(text) && !text.startsWith('RINEX'))).toEqual([]);
    }
  });

  it("add an administrator's note and the account, and show an unread old entry as it was written", () => {
    const { t } = initTestI18n('nl');
    expect(
      describeLedgerEntry(t, 'nl', { description: { code: 'adminGrant' }, reason: 'Seizoensbonus', accountName: null }),
    ).toBe('Toegekend door een beheerder · Seizoensbonus');
    expect(
      describeLedgerEntry(t, 'nl', {
        description: { code: 'activation', days: 2, network: 'Demo' },
        reason: '',
        accountName: 'Tractor 1',
      }),
    ).toBe('2 dagen op Demo · Tractor 1');
    expect(describeLedgerEntry(t, 'nl', { description: null, reason: 'Something older', accountName: null })).toBe(
      'Something older',
    );
  });
});
