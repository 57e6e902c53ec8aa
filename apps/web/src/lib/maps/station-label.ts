import type { MapRover, MapStation } from '@fixpoint/shared';
import type { TFunction } from 'i18next';
import { markerColors } from './palette';
import classes from './station-label.module.css';

/**
 * What names a station or rover on the map. The offline base style has no glyphs, so MapLibre cannot draw text:
 * the names are HTML (a hover popup, and labels as markers), always set through textContent since they are data.
 */
export interface PopupLine {
  kind: 'title' | 'detail' | 'status';
  text: string;
  /** The marker's colour, shown as a ring beside a status line. */
  color?: string;
}

/** From this zoom on stations carry their mountpoint as a label; below it they crowd each other. */
export const labelMinZoom = 8;

/** Mantine's gray: a rover that is no longer connected. */
const disconnectedColor = '#868e96';

const stationStatusKey = { up: 'maps.stationUp', degraded: 'maps.stationDegraded', down: 'maps.stationDown' } as const;

const details = (...texts: string[]): PopupLine[] =>
  texts.filter((text) => text.trim() !== '').map((text) => ({ kind: 'detail', text }));

export const stationPopupLines = (station: MapStation, t: TFunction): PopupLine[] => [
  { kind: 'title', text: station.mountpoint },
  ...details(station.identifier, station.networkName),
  { kind: 'status', text: t(stationStatusKey[station.status]), color: markerColors[station.status] },
];

export const roverPopupLines = (rover: MapRover, t: TFunction): PopupLine[] => [
  { kind: 'title', text: rover.accountName || rover.username },
  ...details(rover.accountName ? rover.username : '', t('maps.roverMountpoint', { mountpoint: rover.mountpoint })),
  {
    kind: 'status',
    text: t(rover.isConnected ? 'maps.connected' : 'maps.disconnected'),
    color: rover.isConnected ? markerColors.rover : disconnectedColor,
  },
];

/** The popup's content, built with DOM calls so a name like `<b>x</b>` shows as text. */
export function popupElement(lines: PopupLine[], doc: Document = document): HTMLElement {
  const root = doc.createElement('div');
  root.dataset.testid = 'map-popup';
  for (const line of lines) {
    const row = doc.createElement('div');
    row.className = classes[line.kind] ?? '';
    if (line.color) {
      const swatch = doc.createElement('span');
      swatch.className = classes.swatch ?? '';
      swatch.style.borderColor = line.color;
      row.append(swatch);
    }
    row.append(doc.createTextNode(line.text));
    root.append(row);
  }
  return root;
}

/** A station's permanent label, placed beside its ring by a marker; it never takes the pointer. */
export function stationLabelElement(mountpoint: string, doc: Document = document): HTMLElement {
  const label = doc.createElement('div');
  label.className = classes.label ?? '';
  label.dataset.stationLabel = mountpoint;
  label.textContent = mountpoint;
  return label;
}

/** CSS class of the hover popup's container. */
export const popupClassName = classes.popup ?? '';

/**
 * The stations to label at this zoom and view (west, south, east, north): none below `labelMinZoom`, else those
 * within half a view of it, so a short pan finds its labels there and far-off stations cost nothing.
 */
export function stationsToLabel(
  stations: MapStation[],
  zoom: number,
  [west, south, east, north]: [number, number, number, number],
): MapStation[] {
  if (zoom < labelMinZoom) return [];
  const dLon = (east - west) / 2;
  const dLat = (north - south) / 2;
  return stations.filter(
    (station) =>
      station.longitude >= west - dLon &&
      station.longitude <= east + dLon &&
      station.latitude >= south - dLat &&
      station.latitude <= north + dLat,
  );
}
