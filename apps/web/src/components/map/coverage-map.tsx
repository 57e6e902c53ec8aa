import { expectedQuality, type MapRover, type MapStation } from '@fixpoint/shared';
import { Alert, Box, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconHandFinger } from '@tabler/icons-react';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { webConfig } from '../../config/brand';
import { useBrand } from '../../lib/brand/brand-context';
import { deviceClasses } from '../../lib/device-classes';
import { offlineStyle, themePaint } from '../../lib/maps/base-style';
import { coverageBounds, roverPoints, stationPoints } from '../../lib/maps/coverage-geometry';
import { addDataLayers, emptyCollection } from '../../lib/maps/map-layers';
import { hoverPopup, stationLabels } from '../../lib/maps/map-overlays';
import { basePalettes, type MapTheme } from '../../lib/maps/palette';
import { useCoverage } from '../../lib/maps/use-coverage';
import { supportsWebGL, useMapTheme } from '../../lib/maps/use-map-theme';
import { loadWorld } from '../../lib/maps/world';
import { useIsHydrated } from '../../lib/use-is-hydrated';
import { CoveragePreview } from './coverage-preview';
import { MapLegend } from './map-legend';
import { type PickedPoint, PickedPointPanel } from './picked-point';

/** Resolves once the browser has painted the current frame (at once where nothing paints, as in a hidden tab). */
const afterNextPaint = () =>
  new Promise<void>((resolve) => {
    if (document.visibilityState === 'hidden') return resolve();
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });

/** A device without hover: a phone or a tablet, where a map in a scrolling page would also catch the finger. */
const isTouchScreen = () => typeof window.matchMedia === 'function' && window.matchMedia('(hover: none)').matches;

/** Europe, before any station is known. */
const initialView = { center: [8, 50] as [number, number], zoom: 3.5 };

/**
 * `waiting`: in a prerendered page until it has hydrated, where the device is not known yet (decision 0057);
 * `still`: the still picture until the user asks for the map (decision 0056).
 */
type MapState = 'waiting' | 'still' | 'loading' | 'ready' | 'no-webgl' | 'error';

const startState = (): MapState => (supportsWebGL() ? 'loading' : 'no-webgl');
const firstState = (stillOnTouch: boolean): MapState => (stillOnTouch && isTouchScreen() ? 'still' : startState());

/**
 * A MapLibre map of coverage (expected-quality tiers around live stations, merged across networks), station
 * markers by live status and rovers' last positions, on the offline base map (or the MAP_STYLE_URL style). Clicking
 * a point tells the expected quality there and the nearest stations. Hovering a station or rover names it in a popup,
 * and from zoom 8 on stations carry their mountpoint as a label. The container carries data-ready, data-center and
 * data-zoom so a browser test can find where a place is drawn. A still picture of the same (CoveragePreview) shows
 * until the map is ready; with `stillOnTouch`, on a touch screen it stays until the user taps it (decision 0056).
 */
export function CoverageMap({
  stations,
  rovers = [],
  label,
  height = 440,
  stillOnTouch = false,
}: {
  stations: MapStation[];
  rovers?: MapRover[];
  label: string;
  height?: number | string;
  stillOnTouch?: boolean;
}) {
  const { t } = useTranslation();
  const brand = useBrand();
  const [theme, setTheme] = useMapTheme(brand.darkMap);
  const styleUrl = webConfig.mapStyleUrl ?? null;
  // Asking a still map's device for WebGL waits until the map is wanted: creating a context costs time too.
  const isHydrated = useIsHydrated();
  const [state, setState] = useState<MapState>(() => (isHydrated ? firstState(stillOnTouch) : 'waiting'));
  const isWanted = state !== 'waiting' && state !== 'still';
  useEffect(() => {
    if (isHydrated) setState((current) => (current === 'waiting' ? firstState(stillOnTouch) : current));
  }, [isHydrated, stillOnTouch]);
  const [picked, setPicked] = useState<PickedPoint | null>(null);
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
    if (!isWanted || !supportsWebGL()) return;
    let cancelled = false;
    let map: MapLibreMap | undefined;
    (async () => {
      // The page around the map paints first: its heading and text do not wait for maplibre (240 KB with brotli) to
      // download and start, which on a phone takes seconds (docs/performance.md, the marketplace's LCP).
      await afterNextPaint();
      if (cancelled) return;
      // The base map's countries download beside maplibre, not after it.
      const [maplibre, , worker, world] = await Promise.all([
        import('maplibre-gl'),
        // Its stylesheet (70 KB) with it: a page whose map stays still never needs it.
        import('maplibre-gl/dist/maplibre-gl.css'),
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
  }, [styleUrl, isWanted]);

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

  // Before hydrating, CSS shows what the device will get: the button and the tap hint on a touch screen.
  const touchFirst = state === 'waiting' && stillOnTouch;

  return (
    <Stack gap="xs" component="section" aria-label={label}>
      <MapLegend
        hasRovers={rovers.length > 0}
        isComputing={isComputing && state === 'ready'}
        theme={theme}
        onTheme={styleUrl ? undefined : setTheme}
      />
      {state === 'no-webgl' || state === 'error' ? (
        <Alert color="gray" title={t(state === 'error' ? 'maps.errorTitle' : 'maps.noWebglTitle')}>
          {t(state === 'error' ? 'maps.errorText' : 'maps.noWebglText', { count: stations.length })}
        </Alert>
      ) : (
        <Box
          pos="relative"
          h={height}
          style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
          bg={basePalettes[theme].water}
        >
          <Box ref={containerRef} h="100%" data-map-theme={theme} data-testid="coverage-map" />
          {state !== 'ready' && (
            <Box pos="absolute" inset={0} style={{ zIndex: 1 }}>
              <CoveragePreview stations={stations} coverage={coverage} theme={styleUrl ? 'light' : theme} />
              {(state === 'still' || touchFirst) && (
                <UnstyledButton
                  pos="absolute"
                  inset={0}
                  onClick={() => setState(startState())}
                  aria-label={t('maps.explore')}
                  className={touchFirst ? deviceClasses.touchOnly : undefined}
                >
                  <Group
                    gap={6}
                    wrap="nowrap"
                    pos="absolute"
                    bottom={16}
                    left="50%"
                    px="md"
                    py={8}
                    bg="white"
                    c="dark"
                    style={{ transform: 'translateX(-50%)', borderRadius: 999, boxShadow: 'var(--mantine-shadow-md)' }}
                  >
                    <IconHandFinger size={16} aria-hidden />
                    <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {t('maps.explore')}
                    </Text>
                  </Group>
                </UnstyledButton>
              )}
              {state !== 'still' && (
                <Loader
                  size="sm"
                  pos="absolute"
                  top={12}
                  left={12}
                  aria-label={t('maps.loading')}
                  className={touchFirst ? deviceClasses.hoverOnly : undefined}
                />
              )}
            </Box>
          )}
        </Box>
      )}
      <PickedPointPanel
        picked={picked}
        hint={
          touchFirst ? (
            <>
              <span className={deviceClasses.touchOnly}>{t('maps.tapHint')}</span>
              <span className={deviceClasses.hoverOnly}>{t('maps.clickHint')}</span>
            </>
          ) : (
            t(state === 'still' ? 'maps.tapHint' : 'maps.clickHint')
          )
        }
        onClose={() => setPicked(null)}
      />
    </Stack>
  );
}
