import type { MapRover, MapStation } from '@fixpoint/shared';
import { describe, expect, it } from 'vitest';
import { initTestI18n } from '../../testing/render';
import { markerColors } from './palette';
import {
  labelMinZoom,
  popupElement,
  roverPopupLines,
  stationLabelElement,
  stationPopupLines,
  stationsToLabel,
} from './station-label';

const station = (overrides: Partial<MapStation> = {}): MapStation => ({
  id: 's1',
  mountpoint: 'DEMO_UTR',
  identifier: 'Utrecht',
  networkId: 'n1',
  networkName: 'Fixpoint Demo Network',
  latitude: 52.09,
  longitude: 5.12,
  status: 'up',
  radiusKm: 30,
  ...overrides,
});

const rover: MapRover = {
  sessionId: 'r1',
  accountName: 'Tractor 7',
  username: 'farmer-7',
  mountpoint: 'DEMO_UTR',
  latitude: 52.05,
  longitude: 5.2,
  reportedAt: '2026-01-01T00:00:00Z',
  isConnected: false,
};

describe('station popup and label', () => {
  const { t } = initTestI18n('en');

  it('names a station by mountpoint, place and network, with its live status in words', () => {
    const element = popupElement(stationPopupLines(station(), t));
    const rows = [...element.children].map((row) => row.textContent);
    expect(rows).toEqual(['DEMO_UTR', 'Utrecht', 'Fixpoint Demo Network', 'Station live']);
    const swatch = element.lastElementChild?.querySelector('span') as HTMLElement;
    expect(swatch.style.borderColor).not.toBe('');
    expect(stationPopupLines(station({ status: 'down' }), t).at(-1)).toEqual({
      kind: 'status',
      text: 'Station down',
      color: markerColors.down,
    });
    expect(stationPopupLines(station({ status: 'degraded' }), t).at(-1)?.text).toBe('Station degraded');
  });

  it('leaves out an empty place name and translates the status', () => {
    const { t: tNl } = initTestI18n('nl');
    const lines = stationPopupLines(station({ identifier: ' ', status: 'down' }), tNl);
    expect(lines.map((line) => line.text)).toEqual(['DEMO_UTR', 'Fixpoint Demo Network', 'Station offline']);
  });

  it('shows markup in a name as text, never as HTML', () => {
    const element = popupElement(stationPopupLines(station({ identifier: '<b>x</b>', mountpoint: '<img>' }), t));
    expect(element.querySelector('b, img')).toBeNull();
    expect(element.textContent).toContain('<b>x</b>');
    const label = stationLabelElement('<b>x</b>');
    expect(label.children).toHaveLength(0);
    expect(label.textContent).toBe('<b>x</b>');
    expect(label.dataset.stationLabel).toBe('<b>x</b>');
  });

  it("names a rover by its account, user name and mountpoint, and whether it's connected", () => {
    expect(roverPopupLines(rover, t).map((line) => line.text)).toEqual([
      'Tractor 7',
      'farmer-7',
      'Mountpoint DEMO_UTR',
      'Disconnected',
    ]);
    expect(roverPopupLines({ ...rover, accountName: '', isConnected: true }, t).map((line) => line.text)).toEqual([
      'farmer-7',
      'Mountpoint DEMO_UTR',
      'Connected',
    ]);
  });

  it('labels stations only when zoomed in, and only in and around the view', () => {
    const near = station({ id: 'near' });
    const justOutside = station({ id: 'outside', longitude: 5.9 });
    const far = station({ id: 'far', latitude: 48.85, longitude: 2.35 });
    const view: [number, number, number, number] = [4.5, 51.8, 5.5, 52.4];
    expect(stationsToLabel([near, justOutside, far], labelMinZoom - 0.1, view)).toEqual([]);
    expect(stationsToLabel([near, justOutside, far], labelMinZoom, view).map((s) => s.id)).toEqual(['near', 'outside']);
  });
});
