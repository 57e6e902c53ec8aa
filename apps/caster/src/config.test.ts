import { describe, expect, it } from 'vitest';
import { CasterEnvError, casterOptionsFromEnv, loadCasterEnv } from './config';

describe('the caster’s brand', () => {
  it('is the server’s BRAND: its name, and its static language for the browser page', () => {
    expect(casterOptionsFromEnv(loadCasterEnv({}))).toMatchObject({ brandName: 'Fixpoint' });
    expect(casterOptionsFromEnv(loadCasterEnv({})).staticLanguage).toBeUndefined();
    expect(casterOptionsFromEnv(loadCasterEnv({ BRAND: 'akkerpunt' }))).toMatchObject({
      brandName: 'Akkerpunt',
      staticLanguage: 'nl',
    });
  });

  it('refuses an unknown brand, naming the variable', () => {
    expect(() => loadCasterEnv({ BRAND: 'nope' })).toThrow(CasterEnvError);
    expect(() => loadCasterEnv({ BRAND: 'nope' })).toThrow(/BRAND/);
  });
});
