import type { LatLon, RinexStation } from '@fixpoint/shared';
import { Alert, Box } from '@mantine/core';
import type { FeatureCollection, Point } from 'geojson';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { webConfig } from '../../../config/brand';
import { useBrand } from '../../../lib/brand/brand-context';
import { offlineStyle } from '../../../lib/maps/base-style';
import { basePalettes } from '../../../lib/maps/palette';
import { supportsWebGL, useMapTheme } from '../../../lib/maps/use-map-theme';
import { loadWorld } from '../../../lib/maps/world';
import 'maplibre-gl/dist/maplibre-gl.css';

type MapState = 'loading' | 'ready' | 'no-webgl' | 'error';

const pointsOf = (stations: readonly RinexStation[], selectedId: string | null): FeatureCollection<Point> => ({
  type: 'FeatureCollection',
  features: stations.flatMap((station) =>
    station.latitude === null || station.longitude === null
      ? []
      : [
          {
            type: 'Feature',
            properties: { mountpoint: station.mountpoint, isSelected: station.id === selectedId },
            geometry: { type: 'Point', coordinates: [station.longitude, station.latitude] },
          },
        ],
  ),
});

const pickedOf = (point: LatLon | null): FeatureCollection<Point> => ({
  type: 'FeatureCollection',
  features: point
    ? [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [point.longitude, point.latitude] } }]
    : [],
});

/**
 * A small map of the stations with data on the offline base map of the maps feature; a click reports the point, so
 * the page can suggest the nearest station. Loaded on demand (maplibre-gl is its own chunk).
 */
export default function StationMap({
  stations,
  selectedId,
  picked,
  onPick,
}: {
  stations: readonly RinexStation[];
  selectedId: string | null;
  picked: LatLon | null;
  onPick: (point: LatLon) => void;
}) {
  const { t } = useTranslation();
  const brand = useBrand();
  const [theme] = useMapTheme(brand.darkMap);
  const styleUrl = webConfig.mapStyleUrl ?? null;
  const [state, setState] = useState<MapState>(() => (supportsWebGL() ? 'loading' : 'no-webgl'));
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const onPickRef = useRef(onPick);
  onPickRef.current = onPick;
  const initialRef = useRef({ stations, theme });

  useEffect(() => {
    if (!supportsWebGL()) return;
    let cancelled = false;
    let map: MapLibreMap | undefined;
    (async () => {
      // The base map's countries download beside maplibre, not after it.
      const [maplibre, worker, world] = await Promise.all([
        import('maplibre-gl'),
        import('maplibre-gl/dist/maplibre-gl-worker.mjs?url'),
        styleUrl ? null : loadWorld(),
      ]);
      maplibre.setWorkerUrl(worker.default);
      const style = styleUrl ?? offlineStyle(world ?? (await loadWorld()), initialRef.current.theme);
      const container = containerRef.current;
      if (cancelled || !container) return;
      const positions = pointsOf(initialRef.current.stations, null).features.map((f) => f.geometry.coordinates);
      const bounds = positions.reduce((box, [lon = 0, lat = 0]) => box.extend([lon, lat]), new maplibre.LngLatBounds());
      map = new maplibre.Map({
        container,
        style,
        center: [8, 50],
        zoom: 3.5,
        dragRotate: false,
        touchPitch: false,
        attributionControl: { compact: true },
      });
      map.touchZoomRotate.disableRotation();
      map.addControl(new maplibre.NavigationControl({ showCompass: false }), 'top-right');
      const current = map;
      current.on('load', () => {
        if (cancelled) return;
        current.addSource('stations', { type: 'geojson', data: pointsOf([], null) });
        current.addSource('picked', { type: 'geojson', data: pickedOf(null) });
        current.addLayer({
          id: 'stations',
          type: 'circle',
          source: 'stations',
          paint: {
            'circle-radius': ['case', ['get', 'isSelected'], 7, 5],
            'circle-color': ['case', ['get', 'isSelected'], '#2b9348', 'rgba(0,0,0,0)'],
            'circle-stroke-color': ['case', ['get', 'isSelected'], '#ffffff', '#2b9348'],
            'circle-stroke-width': 2.5,
          },
        });
        current.addLayer({
          id: 'picked',
          type: 'circle',
          source: 'picked',
          paint: {
            'circle-radius': 5,
            'circle-color': '#c2255c',
            'circle-stroke-color': '#fff',
            'circle-stroke-width': 1.5,
          },
        });
        if (!bounds.isEmpty()) current.fitBounds(bounds, { padding: 32, maxZoom: 9, animate: false });
        mapRef.current = current;
        setState('ready');
      });
      current.on('click', (event) => onPickRef.current({ latitude: event.lngLat.lat, longitude: event.lngLat.lng }));
    })().catch((error: unknown) => {
      console.warn('The map could not load', error);
      if (!cancelled) setState('error');
    });
    return () => {
      cancelled = true;
      mapRef.current = null;
      map?.remove();
    };
  }, [styleUrl]);

  useEffect(() => {
    if (state !== 'ready') return;
    (mapRef.current?.getSource('stations') as GeoJSONSource | undefined)?.setData(pointsOf(stations, selectedId));
  }, [state, stations, selectedId]);

  useEffect(() => {
    if (state !== 'ready') return;
    (mapRef.current?.getSource('picked') as GeoJSONSource | undefined)?.setData(pickedOf(picked));
  }, [state, picked]);

  if (state === 'no-webgl' || state === 'error') {
    return (
      <Alert color="gray" title={t(state === 'error' ? 'maps.errorTitle' : 'maps.noWebglTitle')}>
        {t('rinex.station.mapUnavailable')}
      </Alert>
    );
  }
  return (
    <Box
      ref={containerRef}
      h={280}
      data-testid="rinex-station-map"
      aria-label={t('rinex.station.mapLabel')}
      role="application"
      bg={basePalettes[theme].water}
      style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', position: 'relative' }}
    />
  );
}
