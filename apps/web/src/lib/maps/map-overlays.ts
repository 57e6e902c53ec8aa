import type { MapRover, MapStation } from '@fixpoint/shared';
import type { TFunction } from 'i18next';
import type { Map as MapLibreMap, MapMouseEvent, Marker, Popup } from 'maplibre-gl';
import {
  type PopupLine,
  popupClassName,
  popupElement,
  roverPopupLines,
  stationLabelElement,
  stationPopupLines,
  stationsToLabel,
} from './station-label';

/** Clear of the station ring (radius 5 plus half its 2.5 px stroke). */
const labelOffset: [number, number] = [9, 0];
/** Pixels around the pointer that still count as over a marker: the rings are small. */
const hoverSlop = 3;
const hoverLayers = ['stations', 'rovers'] as const;

/**
 * Mountpoint labels beside the station rings from `labelMinZoom` on, as HTML markers. Only the stations in and
 * around the view get one; a move adds and drops markers but touches no others, so hundreds of stations stay cheap.
 */
export function stationLabels(map: MapLibreMap, MarkerClass: typeof Marker) {
  let stations: MapStation[] = [];
  /** Each label's marker by station id, with what it was drawn from: new data redraws only what changed. */
  const shown = new Map<string, { marker: Marker; drawn: string }>();

  const sync = () => {
    const bounds = map.getBounds();
    const wanted = stationsToLabel(stations, map.getZoom(), [
      bounds.getWest(),
      bounds.getSouth(),
      bounds.getEast(),
      bounds.getNorth(),
    ]);
    const keep = new Set<string>();
    for (const station of wanted) {
      keep.add(station.id);
      const current = shown.get(station.id);
      const drawn = `${station.mountpoint} ${station.longitude} ${station.latitude}`;
      if (current?.drawn === drawn) continue;
      current?.marker.remove();
      const marker = new MarkerClass({
        element: stationLabelElement(station.mountpoint),
        anchor: 'left',
        offset: labelOffset,
      })
        .setLngLat([station.longitude, station.latitude])
        .addTo(map);
      shown.set(station.id, { marker, drawn });
    }
    for (const [id, { marker }] of shown) {
      if (keep.has(id)) continue;
      marker.remove();
      shown.delete(id);
    }
  };
  map.on('move', sync);

  return {
    setStations(next: MapStation[]) {
      stations = next;
      sync();
    },
  };
}

/** What the hover popup names things from: the latest data and translations. */
interface HoverData {
  stations: MapStation[];
  rovers: MapRover[];
  t: TFunction;
}

/**
 * A popup naming the station or rover under the pointer (topmost first, stations drawn over rovers), with a pointer
 * cursor over them. New data or a language switch (`setData`) rebuilds an open popup.
 */
export function hoverPopup(map: MapLibreMap, PopupClass: typeof Popup) {
  let data: HoverData | null = null;
  const popup = new PopupClass({
    closeButton: false,
    closeOnClick: false,
    closeOnMove: false,
    focusAfterOpen: false,
    offset: 12,
    maxWidth: '260px',
    className: popupClassName,
  });
  let hovered: { layer: string; id: string } | null = null;

  const hide = () => {
    hovered = null;
    popup.remove();
    map.getCanvas().style.cursor = '';
  };

  const describe = (layer: string, id: string): { at: [number, number]; lines: PopupLine[] } | null => {
    if (!data) return null;
    const { stations, rovers, t } = data;
    if (layer === 'stations') {
      const station = stations.find((s) => s.id === id);
      return station ? { at: [station.longitude, station.latitude], lines: stationPopupLines(station, t) } : null;
    }
    const rover = rovers.find((r) => r.sessionId === id);
    if (!rover || rover.latitude === null || rover.longitude === null) return null;
    return { at: [rover.longitude, rover.latitude], lines: roverPopupLines(rover, t) };
  };

  const show = () => {
    const found = hovered && describe(hovered.layer, hovered.id);
    if (!found) return hide();
    popup.setLngLat(found.at).setDOMContent(popupElement(found.lines));
    if (!popup.isOpen()) popup.addTo(map);
  };

  map.on('mousemove', (event: MapMouseEvent) => {
    const { x, y } = event.point;
    const [feature] = map.queryRenderedFeatures(
      [
        [x - hoverSlop, y - hoverSlop],
        [x + hoverSlop, y + hoverSlop],
      ],
      { layers: [...hoverLayers] },
    );
    const id = feature?.properties.id;
    if (!feature || id === undefined) {
      if (hovered) hide();
      return;
    }
    map.getCanvas().style.cursor = 'pointer';
    if (hovered?.layer === feature.layer.id && hovered.id === String(id)) return;
    hovered = { layer: feature.layer.id, id: String(id) };
    show();
  });
  map.on('mouseout', hide);

  return {
    setData(next: HoverData) {
      data = next;
      if (hovered) show();
    },
  };
}
