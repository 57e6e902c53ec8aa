import { describe, expect, it } from 'vitest';
import { textsIn } from '../../i18n/i18n';
import { notificationText } from './texts';

// A relayed station's outage (decision 0081) says that the caster it is relayed from stopped sending, and why, in the
// reader's language; a hosted base's says its own words.
describe('station-down texts', () => {
  const data = { mountpoint: 'RA_OPEN', networkName: 'Upstream RTK', at: '2026-11-28T13:00:00.000Z' };

  it('names the upstream failure of a relayed station', () => {
    const en = notificationText(textsIn('en'), 'en', 'station-down', { ...data, upstreamError: '401 Unauthorized' });
    expect(en.title).toBe('Station RA_OPEN is down');
    expect(en.body).toMatch(/^RA_OPEN \(Upstream RTK\) is relayed from another caster, .* \(401 Unauthorized\)\./);
    const nl = notificationText(textsIn('nl'), 'nl', 'station-down', { ...data, upstreamError: 'connection refused' });
    expect(nl.body).toContain('komt van een andere caster');
    expect(nl.body).toContain('(connection refused)');
  });

  it('keeps the hosted wording when there is no upstream', () => {
    const en = notificationText(textsIn('en'), 'en', 'station-down', data);
    expect(en.body).toMatch(/^RA_OPEN \(Upstream RTK\) has sent no corrections since /);
    expect(en.body).not.toContain('relayed');
  });
});
