import { describe, expect, it } from 'vitest';
import { diagnose, networkStatuses } from './status';

const now = new Date('2026-11-21T12:00:00Z');
const day = 86_400_000;
const net = { networkId: 'n1', networkName: 'Demo', networkCode: 'DEMO' };
const at = (offsetDays: number) => new Date(now.getTime() + offsetDays * day);
/** A window's times as the account list's read returns them: epoch milliseconds. */
const ms = (offsetDays: number) => at(offsetDays).getTime();

describe('networkStatuses', () => {
  it('reads chained windows as active until the latest end', () => {
    const [status] = networkStatuses(
      [
        { ...net, startsAt: ms(-1), endsAt: ms(1), pendingDays: null },
        { ...net, startsAt: ms(1), endsAt: ms(3), pendingDays: null },
      ],
      now,
    );
    expect(status).toEqual({ ...net, state: 'active', activeUntil: at(3).toISOString(), daysLeft: 3 });
  });

  it('tells pending, expired and never apart', () => {
    expect(networkStatuses([{ ...net, startsAt: null, endsAt: null, pendingDays: 4 }], now)[0]).toMatchObject({
      state: 'pending',
      daysLeft: 4,
    });
    expect(networkStatuses([{ ...net, startsAt: ms(-5), endsAt: ms(-2), pendingDays: null }], now)[0]).toMatchObject({
      state: 'expired',
      activeUntil: at(-2).toISOString(),
    });
    expect(networkStatuses([], now)).toEqual([]);
  });

  it('groups the windows by network, in the order they come', () => {
    const other = { networkId: 'n2', networkName: 'Other', networkCode: 'OTHER' };
    const statuses = networkStatuses(
      [
        { ...other, startsAt: ms(-9), endsAt: ms(-4), pendingDays: null },
        { ...net, startsAt: ms(-3), endsAt: ms(-1), pendingDays: null },
        { ...other, startsAt: null, endsAt: null, pendingDays: 2 },
        { ...net, startsAt: ms(-1), endsAt: ms(0.5), pendingDays: null },
        { ...other, startsAt: null, endsAt: null, pendingDays: 3 },
      ],
      now,
    );
    expect(statuses).toEqual([
      { ...other, state: 'pending', activeUntil: null, daysLeft: 5 },
      { ...net, state: 'active', activeUntil: at(0.5).toISOString(), daysLeft: 1 },
    ]);
  });
});

describe('diagnose', () => {
  const active = networkStatuses([{ ...net, startsAt: ms(-1), endsAt: ms(1), pendingDays: null }], now);
  const expired = networkStatuses([{ ...net, startsAt: ms(-3), endsAt: ms(-1), pendingDays: null }], now);
  const open = (mountpoint: string, ggaCount: number) => ({ startedAt: at(-0.1), endedAt: null, ggaCount, mountpoint });
  const ended = { startedAt: at(-2), endedAt: at(-1.9), ggaCount: 5, mountpoint: 'DEMO_AUTO' };

  it.each([
    ['receiving', { networks: active, latestSession: open('DEMO_ST1', 0) }],
    ['connected-no-gga', { networks: active, latestSession: open('DEMO_AUTO', 0) }],
    ['receiving', { networks: active, latestSession: open('DEMO_AUTO', 3) }],
    ['web-password', { networks: active, latestSession: ended, latestFailure: { at: at(-1), reason: 'web-password' } }],
    ['bad-password', { networks: active, latestFailure: { at: at(-1), reason: 'bad-password' } }],
    ['outside-coverage', { networks: active, latestFailure: { at: at(-1), reason: 'outside-coverage' } }],
    ['idle', { networks: active, latestSession: ended, latestFailure: { at: at(-3), reason: 'bad-password' } }],
    ['expired', { networks: expired, latestSession: ended }],
    ['no-access', { networks: [] }],
    ['never-connected', { networks: active }],
  ] as const)('%s', (expected, input) => {
    expect(
      diagnose({
        isDisabled: false,
        latestSession: undefined,
        latestFailure: undefined,
        ...input,
        networks: [...input.networks],
      }),
    ).toBe(expected);
  });

  it('puts a disabled account first', () => {
    expect(
      diagnose({ isDisabled: true, networks: active, latestSession: open('DEMO_ST1', 1), latestFailure: undefined }),
    ).toBe('disabled');
  });
});
