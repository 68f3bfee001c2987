// A Leaflet map (spec §2: default zoom 7, centre 43.716, 10.396) with
// vector circle markers only: no marker images to load, and the markers,
// popups and the list under the map all work when the tiles cannot load
// (offline venue networks, blocked tile server).
//
// Tile URL: the server's MAP_TILE_URL (server/src/config.ts), read from
// /api/gas/sito/; until it arrives (or if that call fails) the build-time
// VITE_MAP_TILE_URL or the OpenStreetMap default.
import 'leaflet/dist/leaflet.css';
import { useState, type ReactNode } from 'react';
import { CircleMarker, MapContainer, Popup, TileLayer, Tooltip } from 'react-leaflet';
import { useSito } from '../../../api/sito';

export const MAP_CENTER: [number, number] = [43.716, 10.396];
export const MAP_ZOOM = 7;
const envTileUrl: unknown = import.meta.env.VITE_MAP_TILE_URL;
export const MAP_TILE_URL =
  typeof envTileUrl === 'string' && envTileUrl !== ''
    ? envTileUrl
    : 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const MAP_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

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
  const tileUrl = useSito().data?.map_tile_url || MAP_TILE_URL;
  return (
    <>
      {tilesFailed && (
        <p className="small text-body-secondary mb-2" role="status">
          Lo sfondo della mappa non è disponibile: i punti restano consultabili e l&apos;elenco è
          qui sotto.
        </p>
      )}
      <MapBox
        points={points}
        label={label}
        tileUrl={tileUrl}
        onTileError={() => setTilesFailed(true)}
      />
      <details className="mt-2" open={tilesFailed || undefined}>
        <summary>{listTitle}</summary>
        {list}
      </details>
    </>
  );
}

function MapBox({
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
  return (
    <div className="map-box" role="region" aria-label={label} data-testid="mappa">
      <MapContainer
        center={MAP_CENTER}
        zoom={MAP_ZOOM}
        scrollWheelZoom={false}
        style={{ height: '100%', width: '100%', background: 'transparent' }}
      >
        <TileLayer
          url={tileUrl}
          attribution={MAP_ATTRIBUTION}
          eventHandlers={{ tileerror: onTileError }}
        />
        {points.map((p) => (
          <CircleMarker
            key={p.key}
            center={[p.lat, p.lng]}
            radius={p.radius}
            pathOptions={{ color: '#1f2937', weight: 1, fillColor: p.color, fillOpacity: 0.85 }}
          >
            <Tooltip>{p.label}</Tooltip>
            <Popup>{p.popup}</Popup>
          </CircleMarker>
        ))}
      </MapContainer>
    </div>
  );
}

/** A marker radius growing with the square root of the count. */
export function radiusFor(count: number): number {
  return Math.min(22, 5 + 3 * Math.sqrt(Math.max(1, count)));
}
