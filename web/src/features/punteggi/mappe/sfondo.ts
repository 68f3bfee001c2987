// The maps' view and background, without Leaflet: MapFrame draws them with
// Leaflet; AnteprimaMappa paints the same background tiles with the page's
// HTML (issue 29, item 3), so this module stays out of Leaflet's chunk.
//
// Tile URL: the server's MAP_TILE_URL (server/src/config.ts), read from
// /api/gas/sito/; until it arrives (or if that call fails) the build-time
// VITE_MAP_TILE_URL or the OpenStreetMap default.

export const MAP_CENTER: [number, number] = [43.716, 10.396];
export const MAP_ZOOM = 7;
const envTileUrl: unknown = import.meta.env.VITE_MAP_TILE_URL;
export const MAP_TILE_URL =
  typeof envTileUrl === 'string' && envTileUrl !== ''
    ? envTileUrl
    : 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const MAP_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

/** A tile's side in CSS px (Leaflet's default, and OpenStreetMap's). */
export const LATO_TESSERA = 256;

/** Leaflet's spherical Mercator stops at this latitude (L.Projection.SphericalMercator). */
const LATITUDINE_MASSIMA = 85.0511287798;

/** A place's pixel at a zoom, as Leaflet's EPSG:3857 projects it (the world 256·2^zoom px wide). */
export function pixelDelLuogo([lat, lng]: readonly [number, number], zoom: number) {
  const mondo = LATO_TESSERA * 2 ** zoom;
  const phi = (Math.max(-LATITUDINE_MASSIMA, Math.min(LATITUDINE_MASSIMA, lat)) * Math.PI) / 180;
  return {
    x: (lng / 360 + 0.5) * mondo,
    y: (0.5 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / (2 * Math.PI)) * mondo,
  };
}

export type Tessera = {
  x: number;
  y: number;
  z: number;
  /** From the view's centre to the tile's top-left corner, in CSS px. */
  sinistra: number;
  alto: number;
  /** Columns and rows from the centre's tile (-1: the one to its left, or above). */
  colonna: number;
  riga: number;
  /**
   * From the view's centre to the tile's nearest side and top or bottom
   * (0 for the centre's own column or row): a frame shows the tile only if
   * wider than twice `margineX` and taller than twice `margineY`.
   */
  margineX: number;
  margineY: number;
};

/**
 * The tiles a map of the given view shows when it is at most `larghezza` ×
 * `altezza` px, placed from the view's centre (so they fit any narrower
 * frame centred the same way): those Leaflet asks for, for a map that size.
 */
export function tessereDellaVista(
  centro: readonly [number, number],
  zoom: number,
  larghezza: number,
  altezza: number,
): Tessera[] {
  const c = pixelDelLuogo(centro, zoom);
  // Only the world's own tiles: a view across its edge (not Italy's) misses the rest.
  const ultima = 2 ** zoom - 1;
  const indice = (pixel: number) => Math.min(ultima, Math.max(0, Math.floor(pixel / LATO_TESSERA)));
  const margine = (da: number, inizio: number) =>
    Math.max(0, inizio - da, da - (inizio + LATO_TESSERA));
  const tessere: Tessera[] = [];
  for (let y = indice(c.y - altezza / 2); y <= indice(c.y + altezza / 2); y++) {
    for (let x = indice(c.x - larghezza / 2); x <= indice(c.x + larghezza / 2); x++) {
      tessere.push({
        x,
        y,
        z: zoom,
        sinistra: x * LATO_TESSERA - c.x,
        alto: y * LATO_TESSERA - c.y,
        colonna: x - indice(c.x),
        riga: y - indice(c.y),
        margineX: margine(c.x, x * LATO_TESSERA),
        margineY: margine(c.y, y * LATO_TESSERA),
      });
    }
  }
  return tessere;
}

/** Leaflet's default subdomains for '{s}' (L.TileLayer's `subdomains`). */
const SOTTODOMINI = 'abc';

/** A placeholder of a tile URL template (L.Util.template's). */
const SEGNAPOSTO = /\{ *([\w_ -]+) *\}/g;
const SEGNAPOSTI_NOTI = new Set(['x', 'y', 'z', 's']);

/**
 * A tile's address from a URL template, as L.TileLayer makes it: {z}, {x},
 * {y} and {s} (the subdomain Leaflet picks for that tile), so the map asks
 * for the very addresses already loaded. Null for a template with any other
 * placeholder: {r} is '@2x' on a high-density screen, which the server
 * painting the page cannot see.
 */
export function indirizzoTessera(modello: string, { x, y, z }: Tessera): string | null {
  const valori: Record<string, string> = {
    x: String(x),
    y: String(y),
    z: String(z),
    s: SOTTODOMINI[Math.abs(x + y) % SOTTODOMINI.length]!,
  };
  for (const [, nome] of modello.matchAll(SEGNAPOSTO)) {
    if (!SEGNAPOSTI_NOTI.has(nome!)) return null;
  }
  return modello.replace(SEGNAPOSTO, (_, nome: string) => valori[nome]!);
}
