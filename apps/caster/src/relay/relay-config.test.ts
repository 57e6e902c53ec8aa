import { describe, expect, it } from 'vitest';
import { CasterEnvError, casterOptionsFromEnv, loadCasterEnv } from '../config';

describe('relay settings from the environment', () => {
  it('defaults to a 60 s idle release, 30 s silence, 1-60 s back-off and a GGA every 10 s', () => {
    const options = casterOptionsFromEnv(loadCasterEnv({}));
    expect(options).toMatchObject({
      relayIdleMs: 60_000,
      relaySilenceMs: 30_000,
      relayBackoffMinMs: 1_000,
      relayBackoffMaxMs: 60_000,
      relayGgaIntervalMs: 10_000,
    });
  });

  it('reads the CASTER_RELAY_* variables and refuses bad ones by name', () => {
    const options = casterOptionsFromEnv(
      loadCasterEnv({
        CASTER_RELAY_IDLE_SECONDS: '5',
        CASTER_RELAY_SILENCE_SECONDS: '12',
        CASTER_RELAY_BACKOFF_MIN_SECONDS: '2',
        CASTER_RELAY_BACKOFF_MAX_SECONDS: '1',
        CASTER_RELAY_GGA_INTERVAL_SECONDS: '0.5',
      }),
    );
    // A maximum below the minimum is raised to it.
    expect(options).toMatchObject({
      relayIdleMs: 5_000,
      relaySilenceMs: 12_000,
      relayBackoffMinMs: 2_000,
      relayBackoffMaxMs: 2_000,
      relayGgaIntervalMs: 500,
    });
    expect(() => loadCasterEnv({ CASTER_RELAY_IDLE_SECONDS: 'soon' })).toThrow(CasterEnvError);
    expect(() => loadCasterEnv({ CASTER_RELAY_IDLE_SECONDS: 'soon' })).toThrow(/CASTER_RELAY_IDLE_SECONDS/);
  });
});
