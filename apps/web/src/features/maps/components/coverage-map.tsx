import { type CoverageTier, expectedQuality, type LatLon, type MapRover, type MapStation } from '@fixpoint/shared';
import { ActionIcon, Alert, Badge, Box, Group, Loader, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconMoon, IconSun, IconX } from '@tabler/icons-react';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { webConfig } from '../../../config/brand';
import { useBrand } from '../../../lib/brand/brand-context';
import { offlineStyle, themePaint } from '../lib/base-style';
import { coverageBounds, roverPoints, stationPoints } from '../lib/coverage-geometry';
import { hoverPopup, stationLabels } from '../lib/map-overlays';
import { type MapTheme, markerColors, tierColors, tierOpacity } from '../lib/palette';
import { useCoverage } from '../lib/use-coverage';
import { supportsWebGL, useMapTheme } from '../lib/use-map-theme';
import { loadWorld } from '../lib/world';
import 'maplibre-gl/dist/maplibre-gl.css';

/** Resolves once the browser has painted the current frame (at once where nothing paints, as in a hidden tab). */
const afterNextPaint = () =>
  new Promise<void>((resolve) => {
    if (document.visibilityState === 'hidden') return resolve();
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });

export const tierBadgeColor: Record<CoverageTier, string> = {
  excellent: 'green',
  good: 'lime',
  degraded: 'orange',
  none: 'gray',
};

const emptyCollection = { type: 'FeatureCollection' as const, features: [] };
/** Europe, before any station is known. */
const initialView = { center: [8, 50] as [number, number], zoom: 3.5 };

type MapState = 'loading' | 'ready' | 'no-webgl' | 'error';

function addDataLayers(map: MapLibreMap, hasOfflineStyle: boolean) {
  map.addSource('coverage', { type: 'geojson', data: emptyCollection });
  map.addSource('stations', { type: 'geojson', data: emptyCollection });
  map.addSource('rovers', { type: 'geojson', data: emptyCollection });
  map.addSource('picked', { type: 'geojson', data: emptyCollection });
  map.addLayer(
    {
      id: 'coverage-fill',
      type: 'fill',
      source: 'coverage',
      paint: {
        'fill-color': [
          'match',
          ['get', 'tier'],
          'excellent',
          tierColors.excellent,
          'good',
          tierColors.good,
          tierColors.degraded,
        ],
        'fill-opacity': tierOpacity,
        'fill-antialias': false,
      },
    },
    // Under the borders of the offline base map, so they stay readable through the coverage.
    hasOfflineStyle ? 'base-borders' : undefined,
  );
  map.addLayer({
    id: 'rovers',
    type: 'circle',
    source: 'rovers',
    paint: {
      'circle-radius': 5,
      'circle-color': markerColors.rover,
      'circle-opacity': ['case', ['get', 'isConnected'], 1, 0.55],
      'circle-stroke-color': markerColors.stroke,
      'circle-stroke-width': 1.5,
    },
  });
  map.addLayer({
    id: 'stations',
    type: 'circle',
    source: 'stations',
    // A ring: the coverage tier stays visible at the station's own position.
    paint: {
      'circle-radius': 5,
      'circle-color': 'rgba(0,0,0,0)',
      'circle-stroke-color': [
        'match',
        ['get', 'status'],
        'up',
        markerColors.up,
        'degraded',
        markerColors.degraded,
        markerColors.down,
      ],
      'circle-stroke-width': 2.5,
    },
  });
  map.addLayer({
    id: 'picked',
    type: 'circle',
    source: 'picked',
    paint: {
      'circle-radius': 6,
      'circle-color': 'rgba(0,0,0,0)',
      'circle-stroke-color': '#c2255c',
      'circle-stroke-width': 2,
    },
  });
}

/**
 * A MapLibre map of coverage (expected-quality tiers around live stations, merged across networks), station
 * markers by live status and rovers' last positions, on the offline base map (or the MAP_STYLE_URL style). Clicking
 * a point tells the expected quality there and the nearest stations. Hovering a station or rover names it in a popup,
 * and from zoom 8 on stations carry their mountpoint as a label. The container carries data-ready, data-center and
 * data-zoom so a browser test can find where a place is drawn.
 */
export function CoverageMap({
  stations,
  rovers = [],
  label,
  height = 440,
}: {
  stations: MapStation[];
  rovers?: MapRover[];
  label: string;
  height?: number | string;
}) {
  const { t } = useTranslation();
  const brand = useBrand();
  const [theme, setTheme] = useMapTheme(brand.darkMap);
  const styleUrl = webConfig.mapStyleUrl ?? null;
  const [state, setState] = useState<MapState>(() => (supportsWebGL() ? 'loading' : 'no-webgl'));
  const [picked, setPicked] = useState<{ point: LatLon; quality: ReturnType<typeof expectedQuality> } | null>(null);
  const { coverage, isComputing } = useCoverage(stations);
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const themeRef = useRef<MapTheme>(theme);
  themeRef.current = theme;
  const stationsRef = useRef(stations);
  stationsRef.current = stations;
  const overlaysRef = useRef<{
    labels: ReturnType<typeof stationLabels>;
    hover: ReturnType<typeof hoverPopup>;
  } | null>(null);
  const fittedRef = useRef(false);
  /** The view the data framed, kept while the user has not moved the map, so a resize frames it again. */
  const framedRef = useRef<[number, number, number, number] | null>(null);

  useEffect(() => {
    if (!supportsWebGL()) return;
    let cancelled = false;
    let map: MapLibreMap | undefined;
    (async () => {
      // The page around the map paints first: its heading and text do not wait for maplibre (240 KB with brotli) to
      // download and start, which on a phone takes seconds (docs/performance.md, the marketplace's LCP).
      await afterNextPaint();
      if (cancelled) return;
      // The base map's countries download beside maplibre, not after it.
      const [maplibre, worker, world] = await Promise.all([
        import('maplibre-gl'),
        import('maplibre-gl/dist/maplibre-gl-worker.mjs?url'),
        styleUrl ? null : loadWorld(),
      ]);
      maplibre.setWorkerUrl(worker.default);
      const style = styleUrl ?? offlineStyle(world ?? (await loadWorld()), themeRef.current);
      const container = containerRef.current;
      if (cancelled || !container) return;
      map = new maplibre.Map({
        container,
        style,
        ...initialView,
        dragRotate: false,
        pitchWithRotate: false,
        touchPitch: false,
        attributionControl: { compact: true },
      });
      map.touchZoomRotate.disableRotation();
      map.addControl(new maplibre.NavigationControl({ showCompass: false }), 'top-right');
      const current = map;
      const describeView = () => {
        const center = current.getCenter();
        container.dataset.center = `${center.lng},${center.lat}`;
        container.dataset.zoom = String(current.getZoom());
      };
      current.on('moveend', describeView);
      const release = (event: { originalEvent?: unknown }) => {
        if (event.originalEvent) framedRef.current = null;
      };
      current.on('dragstart', release);
      current.on('zoomstart', release);
      current.on('resize', () => {
        if (framedRef.current) current.fitBounds(framedRef.current, { padding: 16, animate: false });
      });
      current.on('load', () => {
        if (cancelled) return;
        addDataLayers(current, !styleUrl);
        overlaysRef.current = {
          labels: stationLabels(current, maplibre.Marker),
          hover: hoverPopup(current, maplibre.Popup),
        };
        describeView();
        mapRef.current = current;
        setState('ready');
      });
      current.on('click', (event) => {
        const point = { latitude: event.lngLat.lat, longitude: event.lngLat.lng };
        setPicked({ point, quality: expectedQuality(point, stationsRef.current) });
      });
    })().catch((error: unknown) => {
      console.warn('The map could not load', error);
      if (!cancelled) setState('error');
    });
    return () => {
      cancelled = true;
      mapRef.current = null;
      overlaysRef.current = null;
      map?.remove();
    };
  }, [styleUrl]);

  // New tiers (only when the live stations' geometry changed; computed off the main thread).
  useEffect(() => {
    const map = mapRef.current;
    if (state !== 'ready' || !map || !coverage) return;
    (map.getSource('coverage') as GeoJSONSource).setData(coverage);
  }, [state, coverage]);

  // New data: redraw the markers; the first stations frame the view. The map is ready for a reader (data-ready)
  // once it has drawn the tiers of the current stations.
  useEffect(() => {
    const map = mapRef.current;
    const container = containerRef.current;
    if (state !== 'ready' || !map || !container) return;
    container.dataset.ready = 'false';
    (map.getSource('stations') as GeoJSONSource).setData(stationPoints(stations));
    (map.getSource('rovers') as GeoJSONSource).setData(roverPoints(rovers));
    if (!fittedRef.current) {
      const bounds = coverageBounds(stations);
      if (bounds) {
        map.fitBounds(bounds, { padding: 16, animate: false });
        fittedRef.current = true;
        framedRef.current = bounds;
      }
    }
    if (isComputing) return;
    map.once('idle', () => {
      container.dataset.ready = 'true';
    });
  }, [state, stations, rovers, isComputing]);

  // Labels follow the stations; an open popup follows the data and the language.
  useEffect(() => {
    if (state !== 'ready') return;
    overlaysRef.current?.labels.setStations(stations);
    overlaysRef.current?.hover.setData({ stations, rovers, t });
  }, [state, stations, rovers, t]);

  useEffect(() => {
    const map = mapRef.current;
    if (state !== 'ready' || !map) return;
    (map.getSource('picked') as GeoJSONSource).setData(
      picked
        ? {
            type: 'FeatureCollection',
            features: [
              {
                type: 'Feature',
                properties: {},
                geometry: { type: 'Point', coordinates: [picked.point.longitude, picked.point.latitude] },
              },
            ],
          }
        : emptyCollection,
    );
  }, [state, picked]);

  useEffect(() => {
    const map = mapRef.current;
    if (state !== 'ready' || !map || styleUrl) return;
    for (const [layer, property, value] of themePaint(theme)) map.setPaintProperty(layer, property, value);
  }, [state, theme, styleUrl]);

  const km = (value: number) => t('maps.km', { value: value < 10 ? value.toFixed(1) : Math.round(value) });

  return (
    <Stack gap="xs" component="section" aria-label={label}>
      <Group justify="space-between" gap="xs">
        <Group gap="sm" aria-label={t('maps.legend')} role="list">
          {(['excellent', 'good', 'degraded'] as const).map((tier) => (
            <Group key={tier} gap={6} wrap="nowrap" role="listitem">
              <Box w={14} h={14} bg={tierColors[tier]} style={{ borderRadius: 3, opacity: 0.85 }} aria-hidden />
              <Text size="xs">{t(`maps.tier.${tier}`)}</Text>
            </Group>
          ))}
          <Group gap={6} wrap="nowrap" role="listitem">
            <Box
              w={12}
              h={12}
              style={{ borderRadius: '50%', border: `3px solid ${markerColors.up}`, boxShadow: '0 0 0 1px #868e96' }}
              aria-hidden
            />
            <Text size="xs">{t('maps.stationUp')}</Text>
          </Group>
          <Group gap={6} wrap="nowrap" role="listitem">
            <Box w={12} h={12} style={{ borderRadius: '50%', border: `3px solid ${markerColors.down}` }} aria-hidden />
            <Text size="xs">{t('maps.stationDown')}</Text>
          </Group>
          {isComputing && state === 'ready' && (
            <Group gap={6} wrap="nowrap" role="listitem">
              <Loader size={12} aria-hidden />
              <Text size="xs" c="dimmed">
                {t('maps.computing')}
              </Text>
            </Group>
          )}
          {rovers.length > 0 && (
            <Group gap={6} wrap="nowrap" role="listitem">
              <Box w={10} h={10} bg={markerColors.rover} style={{ borderRadius: '50%' }} aria-hidden />
              <Text size="xs">{t('maps.rover')}</Text>
            </Group>
          )}
        </Group>
        {!styleUrl && (
          <SegmentedControl
            size="xs"
            aria-label={t('maps.theme')}
            value={theme}
            onChange={(value) => setTheme(value as MapTheme)}
            data={[
              {
                value: 'light',
                label: (
                  <Group gap={4} wrap="nowrap">
                    <IconSun size={14} aria-hidden />
                    {t('maps.light')}
                  </Group>
                ),
              },
              {
                value: 'dark',
                label: (
                  <Group gap={4} wrap="nowrap">
                    <IconMoon size={14} aria-hidden />
                    {t('maps.dark')}
                  </Group>
                ),
              },
            ]}
          />
        )}
      </Group>
      {state === 'no-webgl' || state === 'error' ? (
        <Alert color="gray" title={t(state === 'error' ? 'maps.errorTitle' : 'maps.noWebglTitle')}>
          {t(state === 'error' ? 'maps.errorText' : 'maps.noWebglText', { count: stations.length })}
        </Alert>
      ) : (
        <Box
          ref={containerRef}
          h={height}
          data-map-theme={theme}
          data-testid="coverage-map"
          style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', position: 'relative' }}
          bg={theme === 'dark' ? '#141b26' : '#d4e4f1'}
        />
      )}
      <Paper withBorder p="sm" radius="md" aria-live="polite">
        {picked ? (
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={4}>
              <Group gap="xs">
                <Text size="sm" fw={600}>
                  {t('maps.expectedQuality')}
                </Text>
                <Badge color={tierBadgeColor[picked.quality.tier]} variant="light">
                  {t(`maps.tier.${picked.quality.tier}`)}
                </Badge>
              </Group>
              {picked.quality.nearest.length > 0 ? (
                <Text size="sm" c="dimmed">
                  {t('maps.nearest')}{' '}
                  {picked.quality.nearest
                    .map(
                      ({ station, distanceKm }) =>
                        `${station.mountpoint}${station.identifier ? ` (${station.identifier})` : ''} ${km(distanceKm)}${
                          station.status === 'down' ? ` · ${t('maps.down')}` : ''
                        }`,
                    )
                    .join(', ')}
                </Text>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('maps.noStations')}
                </Text>
              )}
            </Stack>
            <ActionIcon variant="subtle" color="gray" onClick={() => setPicked(null)} aria-label={t('maps.closeInfo')}>
              <IconX size={16} />
            </ActionIcon>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('maps.clickHint')}
          </Text>
        )}
      </Paper>
    </Stack>
  );
}
