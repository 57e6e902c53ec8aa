import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../config/env';
import { createTestApp, type TestApp } from '../../testing/test-app';

const configOf = (html: string) =>
  JSON.parse(html.match(/<script type="application\/json" id="fixpoint-config">(.*?)<\/script>/)?.[1] ?? 'null');

describe('MAP_STYLE_URL', () => {
  const dist = mkdtempSync(join(tmpdir(), 'fixpoint-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>x</title></head><body></body></html>');
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('puts a public map style into the runtime config of index.html, and leaves it out by default', async () => {
    const styled = await createTestApp({ WEB_DIST_DIR: dist, MAP_STYLE_URL: 'https://tiles.example.com/style.json' });
    apps.push(styled);
    expect(configOf((await styled.app.inject({ url: '/marketplace' })).body).mapStyleUrl).toBe(
      'https://tiles.example.com/style.json',
    );
    const plain = await createTestApp({ WEB_DIST_DIR: dist });
    apps.push(plain);
    expect(configOf((await plain.app.inject({ url: '/marketplace' })).body)).not.toHaveProperty('mapStyleUrl');
  });

  it('refuses a style that is not an http(s) URL at start-up', () => {
    expect(() => loadEnv({ MAP_STYLE_URL: 'file:///etc/passwd' })).toThrow(/MAP_STYLE_URL: must be an http\(s\) URL/);
  });
});
