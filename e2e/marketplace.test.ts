import { type CoverageTier, expectedQuality, type MapStation } from '@fixpoint/shared';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basePalettes, type MapTheme, tierColors, tierOpacity } from '../apps/web/src/lib/maps/palette';
import { seriousAxeViolations } from './axe';
import { launchBrowser, type RunningServer, screenshot, startServer, watchConsole } from './harness';

type Rgb = [number, number, number];
const hex = (value: string): Rgb => {
  const n = Number.parseInt(value.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};
const blend = (top: Rgb, bottom: Rgb, alpha: number): Rgb =>
  top.map((channel, i) => channel * alpha + (bottom[i] ?? 0) * (1 - alpha)) as Rgb;
const close = (a: Rgb, b: Rgb, tolerance = 12) => a.every((channel, i) => Math.abs(channel - (b[i] ?? 0)) <= tolerance);

/** The colours a pixel may have for a tier: the tier over land or sea, or the bare base map outside coverage. */
function expectedColors(tier: CoverageTier, theme: MapTheme): Rgb[] {
  const bases = [hex(basePalettes[theme].land), hex(basePalettes[theme].water)];
  return tier === 'none' ? bases : bases.map((base) => blend(hex(tierColors[tier]), base, tierOpacity));
}

/** Web Mercator as MapLibre draws it (512 px world at zoom 0), relative to the map's centre pixel. */
function projector(center: { lng: number; lat: number }, zoom: number, width: number, height: number) {
  const world = 512 * 2 ** zoom;
  const x = (lng: number) => ((lng + 180) / 360) * world;
  const y = (lat: number) => ((1 - Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) / Math.PI) / 2) * world;
  const cx = x(center.lng);
  const cy = y(center.lat);
  return {
    project: (lat: number, lng: number) => ({ px: width / 2 + x(lng) - cx, py: height / 2 + y(lat) - cy }),
    unproject: (px: number, py: number) => {
      const wx = cx + px - width / 2;
      const wy = cy + py - height / 2;
      const lng = (wx / world) * 360 - 180;
      const lat = (Math.atan(Math.sinh(Math.PI * (1 - (2 * wy) / world))) * 180) / Math.PI;
      return { latitude: lat, longitude: lng };
    },
  };
}

// e2e compiles without DOM types: what a page function below uses of the browser.
type ComputedStyles = { getComputedStyle(element: unknown): { pointerEvents: string } };

/** A 3x3 patch's colour, or null when it is not uniform (an edge, a border line, a marker). */
function patch(png: PNG, px: number, py: number): Rgb | null {
  const pixels: Rgb[] = [];
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const x = Math.round(px) + dx;
      const y = Math.round(py) + dy;
      if (x < 0 || y < 0 || x >= png.width || y >= png.height) return null;
      const i = (y * png.width + x) * 4;
      pixels.push([png.data[i] ?? 0, png.data[i + 1] ?? 0, png.data[i + 2] ?? 0]);
    }
  }
  const first = pixels[0] as Rgb;
  return pixels.every((p) => close(p, first, 6)) ? first : null;
}

describe('marketplace in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let stations: MapStation[];
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    // The demo stations connect in-process right after start-up.
    const deadline = Date.now() + 30_000;
    while (true) {
      const res = await fetch(`${server.url}/api/networks/coverage`);
      stations = ((await res.json()) as { stations: MapStation[] }).stations;
      if (stations.filter((s) => s.mountpoint.startsWith('DEMO_') && s.status === 'up').length === 4) break;
      if (Date.now() > deadline) throw new Error(`demo stations not up: ${JSON.stringify(stations)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function readMap(page: Page) {
    const map = page.getByTestId('coverage-map');
    await expect.poll(() => map.getAttribute('data-ready'), { timeout: 30_000 }).toBe('true');
    const theme = (await map.getAttribute('data-map-theme')) as MapTheme;
    const [lng, lat] = ((await map.getAttribute('data-center')) ?? '').split(',').map(Number);
    const zoom = Number(await map.getAttribute('data-zoom'));
    const png = PNG.sync.read(await map.screenshot());
    return { png, theme, ...projector({ lng: lng ?? 0, lat: lat ?? 0 }, zoom, png.width, png.height) };
  }

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 768, height: 1024 },
  ]) {
    it(`shows a visitor the demo network's coverage drawn on the map at ${viewport.width} px`, async () => {
      const page = await browser.newPage({ viewport });
      const problems = watchConsole(page);
      const response = await page.goto(`${server.url}/marketplace`);
      // The map draws under the portal's Content-Security-Policy: a violation is a console error, caught below.
      expect(response?.headers()['content-security-policy']).toContain("worker-src 'self' blob:");
      await page.getByRole('heading', { level: 1, name: 'Network coverage' }).waitFor();
      await page.getByRole('article', { name: 'Fixpoint Demo Network' }).waitFor();
      const { png, theme, project, unproject } = await readMap(page);
      expect(theme).toBe('dark'); // the default brand's map
      await screenshot(page, `marketplace-${viewport.width}`);

      // At every demo station's own pixel (inside its ring marker): the excellent tier's colour.
      const demo = stations.filter((s) => s.mountpoint.startsWith('DEMO_'));
      for (const station of demo) {
        const { px, py } = project(station.latitude, station.longitude);
        expect(px).toBeGreaterThan(0);
        expect(px).toBeLessThan(png.width);
        const colour = patch(png, px, py);
        expect(colour, `${station.mountpoint} at ${px},${py}`).not.toBeNull();
        expect(
          expectedColors('excellent', theme).some((c) => close(colour as Rgb, c)),
          `${station.mountpoint}: ${colour} is not the excellent tier`,
        ).toBe(true);
      }

      // Across the map: each uniform patch has the colour of the tier the shared rule expects there; all tiers and
      // plain base map far from the stations show up.
      const seen = new Set<CoverageTier>();
      const wrong: string[] = [];
      for (let py = 12; py < png.height - 12; py += 23) {
        for (let px = 12; px < png.width - 60; px += 23) {
          const colour = patch(png, px, py);
          if (!colour) continue;
          const point = unproject(px, py);
          const quality = expectedQuality(point, demo);
          const nearest = quality.nearest[0]?.distanceKm ?? Number.POSITIVE_INFINITY;
          // Leave out points within 3 km of a tier edge (the circles are 64-gons) and the markers.
          if ([10, 30, 50].some((edge) => Math.abs(nearest - edge) < 3) || nearest < 3) continue;
          if (quality.nearest.some((n) => [10, 30, 50].some((edge) => Math.abs(n.distanceKm - edge) < 3))) continue;
          if (expectedColors(quality.tier, theme).some((c) => close(colour, c))) seen.add(quality.tier);
          else wrong.push(`${px},${py} ${quality.tier}: ${colour}`);
        }
      }
      // Border lines and coastlines may cross a patch; they are few.
      expect(wrong.length, wrong.join('\n')).toBeLessThan(4);
      expect([...seen].sort()).toEqual(['degraded', 'excellent', 'good', 'none']);

      // Clicking a station tells its expected quality and names it first among the nearest.
      const utrecht = demo.find((s) => s.mountpoint === 'DEMO_UTR') as MapStation;
      const target = project(utrecht.latitude, utrecht.longitude);
      await page.getByTestId('coverage-map').click({ position: { x: target.px, y: target.py } });
      const info = page.getByText('Expected quality here:').locator('xpath=../..');
      await expect.poll(() => info.textContent()).toContain('Excellent');
      await expect.poll(() => info.textContent()).toMatch(/Nearest stations: DEMO_UTR/);
      expect(problems).toEqual([]);
      await page.close();
    });
  }

  it('shows a phone the coverage as a still picture and loads the map only when tapped', async () => {
    const page = await browser.newPage({ viewport: { width: 412, height: 900 }, hasTouch: true, isMobile: true });
    const problems = watchConsole(page);
    // MapLibre is the only script over 500 KB (1.1 MB unpacked).
    const large: string[] = [];
    page.on('response', async (response) => {
      if (!response.url().endsWith('.js')) return;
      const body = await response.body().catch(() => null);
      if (body && body.length > 500_000) large.push(response.url());
    });
    await page.goto(`${server.url}/marketplace`);
    await page.getByRole('article', { name: 'Fixpoint Demo Network' }).waitFor();
    const preview = page.getByTestId('coverage-preview');
    // Land (drawn off the main thread), the three tiers and the borders, then the stations' rings.
    await expect.poll(() => preview.locator('path').count(), { timeout: 30_000 }).toBe(5);
    const demo = stations.filter((s) => s.mountpoint.startsWith('DEMO_'));
    expect(await preview.locator('circle').count()).toBe(stations.length);
    expect(await page.getByText(/Tap the map to explore it/).isVisible()).toBe(true);
    await screenshot(page, 'marketplace-still-412');

    // Inside each demo station's ring: the excellent tier over the dark base map, as the map draws it.
    const shot = PNG.sync.read(await preview.screenshot());
    const box = (await preview.boundingBox()) as { x: number; y: number };
    let checked = 0;
    for (const ring of await preview.locator('circle').all()) {
      const at = (await ring.boundingBox()) as { x: number; y: number; width: number; height: number };
      const colour = patch(shot, at.x - box.x + at.width / 2, at.y - box.y + at.height / 2);
      if (!colour) continue; // a station outside the picture
      expect(
        expectedColors('excellent', 'dark').some((c) => close(colour, c)),
        `${colour}`,
      ).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(demo.length);
    await page.waitForTimeout(1_000);
    expect(large).toEqual([]);
    expect(await page.locator('canvas').count()).toBe(0);

    await page.getByRole('button', { name: 'Explore the map' }).tap();
    const { png, theme, project } = await readMap(page);
    expect(large).toHaveLength(1);
    expect(await preview.count()).toBe(0);
    for (const station of demo) {
      const { px, py } = project(station.latitude, station.longitude);
      const colour = patch(png, px, py) as Rgb;
      expect(expectedColors('excellent', theme).some((c) => close(colour, c))).toBe(true);
    }
    expect(await page.getByText(/Click the map to see the expected quality/).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('names a station on hover and labels the stations by mountpoint when zoomed in', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchConsole(page);
    await page.goto(`${server.url}/marketplace`);
    const map = page.getByTestId('coverage-map');
    const canvas = map.locator('canvas');
    const utrecht = stations.find((s) => s.mountpoint === 'DEMO_UTR') as MapStation;
    const { project } = await readMap(page);
    const box = (await map.boundingBox()) as { x: number; y: number; width: number; height: number };
    // Zoomed out: no labels, the rings stand alone.
    expect(Number(await map.getAttribute('data-zoom'))).toBeLessThan(8);
    expect(await page.locator('[data-station-label]').count()).toBe(0);

    const ring = project(utrecht.latitude, utrecht.longitude);
    await page.mouse.move(box.x + ring.px, box.y + ring.py);
    const popup = page.getByTestId('map-popup');
    await expect.poll(() => popup.textContent()).toContain('DEMO_UTR');
    expect(await popup.textContent()).toContain(utrecht.networkName);
    expect(await popup.textContent()).toContain('Station live');
    expect(await canvas.evaluate((element) => element.style.cursor)).toBe('pointer');
    await screenshot(page, 'marketplace-station-popup');
    // Away from every station the popup goes and the cursor is the map's own again.
    await page.mouse.move(box.x + 8, box.y + box.height - 8);
    await expect.poll(() => popup.count()).toBe(0);
    expect(await canvas.evaluate((element) => element.style.cursor)).toBe('');

    const zoomIn = page.getByRole('button', { name: 'Zoom in' });
    while (Number(await map.getAttribute('data-zoom')) < 8) {
      const before = await map.getAttribute('data-zoom');
      await zoomIn.click();
      await expect.poll(() => map.getAttribute('data-zoom')).not.toBe(before);
    }
    await page.waitForTimeout(300);
    const zoomed = await readMap(page);
    const inView = stations.filter((s) => {
      const { px, py } = zoomed.project(s.latitude, s.longitude);
      return px > 0 && py > 0 && px < box.width - 80 && py < box.height;
    });
    expect(inView.map((s) => s.mountpoint)).toContain('DEMO_UTR');
    for (const station of inView) {
      const { px, py } = zoomed.project(station.latitude, station.longitude);
      const label = map.locator(`[data-station-label="${station.mountpoint}"]`);
      expect(await label.textContent()).toBe(station.mountpoint);
      // Beside its ring, never over it, and never in the way of the pointer.
      const at = (await label.boundingBox()) as { x: number; y: number; width: number; height: number };
      expect(at.x - box.x).toBeGreaterThan(px + 6);
      expect(at.x - box.x).toBeLessThan(px + 14);
      expect(Math.abs(at.y + at.height / 2 - box.y - py)).toBeLessThan(3);
      const pointerEvents = await label.evaluate(
        (element) => (globalThis as unknown as ComputedStyles).getComputedStyle(element).pointerEvents,
      );
      expect(pointerEvents).toBe('none');
    }
    await screenshot(page, 'marketplace-station-labels');

    // Clicking a station still tells its expected quality.
    const target = zoomed.project(utrecht.latitude, utrecht.longitude);
    await map.click({ position: { x: target.px, y: target.py } });
    const info = page.getByText('Expected quality here:').locator('xpath=../..');
    await expect.poll(() => info.textContent()).toMatch(/Nearest stations: DEMO_UTR/);

    const zoomOut = page.getByRole('button', { name: 'Zoom out' });
    while (Number(await map.getAttribute('data-zoom')) >= 8) {
      const before = await map.getAttribute('data-zoom');
      await zoomOut.click();
      await expect.poll(() => map.getAttribute('data-zoom')).not.toBe(before);
    }
    await expect.poll(() => page.locator('[data-station-label]').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('switches the map to the light style and remembers it', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchConsole(page);
    await page.goto(`${server.url}/marketplace`);
    await readMap(page);
    // The control sits above the map; bring it back below the sticky top bar first.
    await page.mouse.wheel(0, -5000);
    await expect
      .poll(() =>
        page
          .getByRole('heading', { level: 1 })
          .boundingBox()
          .then((box) => box?.y ?? -1),
      )
      .toBeGreaterThan(50);
    await page.locator('label', { hasText: 'Light' }).click();
    await expect.poll(() => page.getByTestId('coverage-map').getAttribute('data-map-theme')).toBe('light');
    await page.waitForTimeout(500);
    const { png, theme, project } = await readMap(page);
    expect(theme).toBe('light');
    const ams = stations.find((s) => s.mountpoint === 'DEMO_AMS') as MapStation;
    const { px, py } = project(ams.latitude, ams.longitude);
    const colour = patch(png, px, py) as Rgb;
    expect(expectedColors('excellent', 'light').some((c) => close(colour, c))).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByTestId('coverage-map').getAttribute('data-map-theme')).toBe('light');
    expect((await readMap(page)).theme).toBe('light');
    await screenshot(page, 'marketplace-light');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('leads from a network card to its page with stations and to the public status page', async () => {
    const page = await browser.newPage({ viewport: { width: 768, height: 1024 } });
    const problems = watchConsole(page);
    await page.goto(`${server.url}/marketplace`);
    await page
      .getByRole('article', { name: 'Fixpoint Demo Network' })
      .getByRole('button', { name: 'View network' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Fixpoint Demo Network' }).waitFor();
    for (const mountpoint of ['DEMO_AMS', 'DEMO_UTR', 'DEMO_RTM', 'DEMO_EHV']) {
      await page.getByRole('cell', { name: mountpoint }).waitFor();
    }
    expect(await page.getByRole('link', { name: 'Log in to activate' }).getAttribute('href')).toBe(
      `/login?returnTo=${new URL(page.url()).pathname}`,
    );
    await readMap(page);
    await page.getByRole('link', { name: 'Network status' }).click();
    await page.getByRole('heading', { level: 1, name: 'Network status' }).waitFor();
    const network = page.getByRole('region', { name: 'Fixpoint Demo Network' });
    for (const mountpoint of ['DEMO_AMS', 'DEMO_UTR', 'DEMO_RTM', 'DEMO_EHV']) {
      await expect
        .poll(() => network.locator(`tr[data-station="${mountpoint}"] [data-status]`).getAttribute('data-status'))
        .toBe('up');
    }
    // Connected since a moment after they were created: most of the time the stations have existed.
    const row = (await network.locator('tr[data-station="DEMO_AMS"]').textContent()) ?? '';
    const [, week] = row.match(/Up([\d.]+)%/) ?? [];
    expect(Number(week)).toBeGreaterThan(50);
    await screenshot(page, 'status-768');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.goto(`${server.url}/marketplace`);
    await readMap(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
