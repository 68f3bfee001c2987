// A Leaflet map (spec §2: default zoom 7, centre 43.716, 10.396) with
// vector circle markers only: no marker images to load, and the markers,
// popups and the list under the map all work when the tiles cannot load
// (offline venue networks, blocked tile server). Its view and tiles: sfondo.ts.
import 'leaflet/dist/leaflet.css';
import type { LatLngTuple, PathOptions } from 'leaflet';
import { memo, useCallback, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { CircleMarker, MapContainer, Popup, TileLayer, Tooltip } from 'react-leaflet';
import { useSito } from '../../../api/sito';
import { MAP_ATTRIBUTION, MAP_CENTER, MAP_TILE_URL, MAP_ZOOM } from './sfondo';

export interface MapPoint {
  key: string;
  lat: number;
  lng: number;
  /** Marker radius in px. */
  radius: number;
  color: string;
  label: string;
  popup: ReactNode;
}

export function MapFrame({
  points,
  label,
  listTitle,
  list,
}: {
  points: readonly MapPoint[];
  label: string;
  listTitle: string;
  /** The same data as a list, under the map (opened when the tiles do not load). */
  list: ReactNode;
}) {
  const [tilesFailed, setTilesFailed] = useState(false);
  const onTileError = useCallback(() => setTilesFailed(true), []);
  const tileUrl = useSito().data?.map_tile_url || MAP_TILE_URL;
  return (
    <>
      {tilesFailed && (
        <p className="small text-body-secondary mb-2" role="status">
          Lo sfondo della mappa non è disponibile: i punti restano consultabili e l&apos;elenco è
          qui sotto.
        </p>
      )}
      <MapBox points={points} label={label} tileUrl={tileUrl} onTileError={onTileError} />
      <details className="mt-2" open={tilesFailed || undefined}>
        <summary>{listTitle}</summary>
        {list}
      </details>
    </>
  );
}

const NESSUN_PUNTO: readonly MapPoint[] = [];

/**
 * The map itself, drawn again only when its points or tiles change (not when
 * the tiles fail and the notice above it appears). Its markers come in a
 * render after the map's own: creating the map and a hundred markers was
 * one task of 60 ms (unthrottled) on a phone opening '#mappa'; React now
 * makes the markers in a background render of their own (useDeferredValue).
 */
const MapBox = memo(function MapBox({
  points,
  label,
  tileUrl,
  onTileError,
}: {
  points: readonly MapPoint[];
  label: string;
  tileUrl: string;
  onTileError(): void;
}) {
  const markers = useDeferredValue(points, NESSUN_PUNTO);
  const tileEvents = useMemo(() => ({ tileerror: onTileError }), [onTileError]);
  return (
    <div className="map-box" role="region" aria-label={label} data-testid="mappa">
      <MapContainer center={MAP_CENTER} zoom={MAP_ZOOM} scrollWheelZoom={false} style={MAP_STYLE}>
        <TileLayer url={tileUrl} attribution={MAP_ATTRIBUTION} eventHandlers={tileEvents} />
        {markers.map((p) => (
          <CircleMarker
            key={p.key}
            center={centerFor(p.lat, p.lng)}
            radius={p.radius}
            pathOptions={pathOptionsFor(p.color)}
          >
            <Tooltip>{p.label}</Tooltip>
            <Popup>{p.popup}</Popup>
          </CircleMarker>
        ))}
      </MapContainer>
    </div>
  );
});

const MAP_STYLE = { height: '100%', width: '100%', background: 'transparent' } as const;

// One style object per colour and one position per place: react-leaflet
// restyles or moves a marker whenever its `pathOptions` or `center` is
// another object, so new ones at every live answer redrew every marker.
const centers = new Map<string, LatLngTuple>();
const centerFor = (lat: number, lng: number) =>
  oneFor(centers, `${lat},${lng}`, (): LatLngTuple => [lat, lng]);

const pathOptions = new Map<string, PathOptions>();
const pathOptionsFor = (color: string) =>
  oneFor(pathOptions, color, () => ({
    color: '#1f2937',
    weight: 1,
    fillColor: color,
    fillOpacity: 0.85,
  }));

function oneFor<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    cache.set(key, value);
  }
  return value;
}

/** A marker radius growing with the square root of the count. */
export function radiusFor(count: number): number {
  return Math.min(22, 5 + 3 * Math.sqrt(Math.max(1, count)));
}
