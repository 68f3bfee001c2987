// The maps' background painted with the page (issue 29, item 3). The server
// cannot see the hash, and Leaflet needs a browser: a phone opening '#mappa'
// waited for the app and Leaflet's chunk before asking for a single tile
// (Lighthouse's largest paint 6.5 s, the tiles). The server paints, hidden,
// the tiles of the maps' opening view, and the page's CSS shows them when
// the hash names a map (punteggi.css); the map then comes in the same
// place, at the same view, from the same addresses (in the browser's cache
// by then), and this is gone.
//
// Lazy images inside a hidden element: a page opened on any other tab asks
// for none. Shown, Chromium loads every lazy image near the screen, clipped
// by the frame or not (21 tiles on a phone showing 6), so the tiles outside
// the frame are not displayed at all, by the frame's size (a container
// query on each column and row, from its distance to the view's centre).
import type { Sito } from '@gas/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/queries';
import {
  indirizzoTessera,
  LATO_TESSERA,
  MAP_CENTER,
  MAP_TILE_URL,
  MAP_ZOOM,
  tessereDellaVista,
  type Tessera,
} from './sfondo';

/** The widest map frame (the page's widest container) and the tallest (.map-box, 36rem). */
const LARGHEZZA_MASSIMA = 1400;
const ALTEZZA_MASSIMA = 600;

const TESSERE = tessereDellaVista(MAP_CENTER, MAP_ZOOM, LARGHEZZA_MASSIMA, ALTEZZA_MASSIMA);

const classeColonna = (t: Tessera) => `anteprima-colonna${t.colonna}`;
const classeRiga = (t: Tessera) => `anteprima-riga${t.riga}`;

/** Each column and row not displayed in a frame too narrow, or too short, to show it. */
const REGOLE = [
  ...new Map(
    TESSERE.flatMap((t) => [
      [classeColonna(t), t.margineX > 0 ? `width <= ${2 * t.margineX}px` : null],
      [classeRiga(t), t.margineY > 0 ? `height <= ${2 * t.margineY}px` : null],
    ]),
  ),
]
  .flatMap(([classe, quando]) =>
    quando ? [`@container (${quando}) { .${classe} { display: none; } }`] : [],
  )
  .join('\n');

export function AnteprimaMappa() {
  // The site's settings the page was painted with, if any: read, not asked
  // for (this is only painted and hydrated, and every viewer of the scores
  // page would ask for them again).
  const sito = useQueryClient().getQueryData<Sito>(queryKeys.sito);
  const modello = sito?.map_tile_url || MAP_TILE_URL;
  const tessere = TESSERE.flatMap((tessera) => {
    const src = indirizzoTessera(modello, tessera);
    return src ? [{ ...tessera, src }] : [];
  });
  if (tessere.length === 0) return null;
  return (
    // Decoration until the map comes: its list and markers are the app's.
    <div className="anteprima-mappa map-box" aria-hidden="true" data-testid="anteprima-mappa">
      <style>{REGOLE}</style>
      <div className="anteprima-mappa-centro">
        {tessere.map((t) => (
          <img
            key={t.src}
            className={`${classeColonna(t)} ${classeRiga(t)}`}
            src={t.src}
            alt=""
            width={LATO_TESSERA}
            height={LATO_TESSERA}
            loading="lazy"
            decoding="async"
            style={{ left: t.sinistra, top: t.alto }}
          />
        ))}
      </div>
      {/* As the map's own corner says it (Leaflet's attribution). */}
      <span className="anteprima-mappa-attribuzione">© OpenStreetMap</span>
    </div>
  );
}
