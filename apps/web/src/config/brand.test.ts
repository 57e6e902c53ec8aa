import { afterEach, describe, expect, it, vi } from 'vitest';
import { readWebConfig } from './brand';

const withConfig = (json: string) => {
  const doc = document.implementation.createHTMLDocument('index');
  doc.head.innerHTML = `<script type="application/json" id="fixpoint-config">${json}</script>`;
  return doc;
};

afterEach(() => vi.restoreAllMocks());

describe('readWebConfig', () => {
  it('reads the brand and analytics script the server put into index.html', () => {
    expect(readWebConfig(withConfig('{"brand":"baupunkt","analyticsScriptUrl":"/s.js"}'))).toEqual({
      brand: 'baupunkt',
      analyticsScriptUrl: '/s.js',
    });
  });

  it('runs the default brand without a config, and ignores a broken one with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fallback = { brand: 'fixpoint', analyticsScriptUrl: null };
    expect(readWebConfig(document.implementation.createHTMLDocument('plain'))).toEqual(fallback);
    expect(warn).not.toHaveBeenCalled();
    expect(readWebConfig(withConfig('{"brand":"acme","analyticsScriptUrl":null}'))).toEqual(fallback);
    expect(readWebConfig(withConfig('not json'))).toEqual(fallback);
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
