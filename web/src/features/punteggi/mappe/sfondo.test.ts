// The maps' background painted with the page (AnteprimaMappa) must be the
// very tiles Leaflet then shows, at the same places: checked here against
// Leaflet itself (its projection, and a real tile layer on a map of a given
// size, jsdom's element given that size).
import L from 'leaflet';
import { afterEach, describe, expect, it } from 'vitest';
import {
  indirizzoTessera,
  MAP_CENTER,
  MAP_ZOOM,
  pixelDelLuogo,
  tessereDellaVista,
  type Tessera,
} from './sfondo';

describe('pixelDelLuogo', () => {
  it("is Leaflet's EPSG:3857 pixel, poles and antimeridian included", () => {
    for (let zoom = 0; zoom <= 18; zoom += 3) {
      for (let lat = -89; lat <= 89; lat += 7.3) {
        for (let lng = -180; lng <= 180; lng += 11.7) {
          const leaflet = L.CRS.EPSG3857.latLngToPoint(L.latLng(lat, lng), zoom);
          const nostro = pixelDelLuogo([lat, lng], zoom);
          const tolleranza = 1e-6 * 256 * 2 ** zoom;
          expect(Math.abs(nostro.x - leaflet.x)).toBeLessThanOrEqual(tolleranza);
          expect(Math.abs(nostro.y - leaflet.y)).toBeLessThanOrEqual(tolleranza);
        }
      }
    }
  });
});

describe('indirizzoTessera', () => {
  const tessera = { x: 67, y: 46, z: 7 } as Tessera;

  it("fills {z}, {x}, {y} and Leaflet's subdomain for {s}", () => {
    expect(indirizzoTessera('https://tile.openstreetmap.org/{z}/{x}/{y}.png', tessera)).toBe(
      'https://tile.openstreetmap.org/7/67/46.png',
    );
    for (const [x, y] of [
      [0, 0],
      [1, 0],
      [67, 46],
      [68, 46],
      [-3, 1],
    ] as const) {
      const layer = L.tileLayer('https://{s}.tiles.example.org/{z}/{x}/{y}.png');
      // What getTileUrl reads of a layer on a map: the zoom of its tiles.
      Object.assign(layer, { _tileZoom: 5 });
      const coords = Object.assign(L.point(x, y), { z: 5 });
      expect(
        indirizzoTessera('https://{s}.tiles.example.org/{z}/{x}/{y}.png', {
          x,
          y,
          z: 5,
        } as Tessera),
      ).toBe(layer.getTileUrl(coords));
    }
  });

  it('paints nothing for a placeholder the server cannot fill ({r}: a screen density)', () => {
    expect(indirizzoTessera('https://tiles.example.org/{z}/{x}/{y}{r}.png', tessera)).toBeNull();
    expect(indirizzoTessera('https://tiles.example.org/{z}/{x}/{-y}.png', tessera)).toBeNull();
  });
});

describe('tessereDellaVista', () => {
  let contenitori: HTMLElement[] = [];
  afterEach(() => {
    for (const c of contenitori) c.remove();
    contenitori = [];
  });

  /** The tiles a Leaflet map of that size asks for, and where it puts them in its frame. */
  function tessereDiLeaflet(larghezza: number, altezza: number) {
    const contenitore = document.createElement('div');
    Object.defineProperty(contenitore, 'clientWidth', { value: larghezza });
    Object.defineProperty(contenitore, 'clientHeight', { value: altezza });
    document.body.append(contenitore);
    contenitori.push(contenitore);
    const mappa = L.map(contenitore, { center: MAP_CENTER, zoom: MAP_ZOOM, fadeAnimation: false });
    L.tileLayer('https://t.example.org/{z}/{x}/{y}.png').addTo(mappa);
    const origine = mappa.getPixelOrigin();
    return [...contenitore.querySelectorAll<HTMLImageElement>('img.leaflet-tile')]
      .map((img) => {
        const [, z, x, y] = /(\d+)\/(\d+)\/(\d+)\.png$/.exec(img.src)!.map(Number);
        return { x: x!, y: y!, z: z!, sinistra: x! * 256 - origine.x, alto: y! * 256 - origine.y };
      })
      .sort((a, b) => a.y - b.y || a.x - b.x);
  }

  // Phones, tablets and desktops (the frame at 360, 390, 768, 1280, 1400 px), short and tall.
  for (const [larghezza, altezza] of [
    [336, 320],
    [366, 518],
    [696, 546],
    [1116, 576],
    [1296, 576],
  ] as const) {
    it(`in a ${larghezza}×${altezza} frame: the tiles Leaflet shows, where it shows them`, () => {
      // What AnteprimaMappa displays of the tiles for the widest frame, in this one.
      const mostrate = tessereDellaVista(MAP_CENTER, MAP_ZOOM, 1400, 600)
        .filter((t) => 2 * t.margineX < larghezza && 2 * t.margineY < altezza)
        .map((t) => ({ ...t, sinistra: t.sinistra + larghezza / 2, alto: t.alto + altezza / 2 }));
      const leaflet = tessereDiLeaflet(larghezza, altezza);
      expect(mostrate.map(({ x, y, z }) => ({ x, y, z }))).toEqual(
        leaflet.map(({ x, y, z }) => ({ x, y, z })),
      );
      for (const [i, t] of leaflet.entries()) {
        // Leaflet's corner is rounded to a whole pixel.
        expect(Math.abs(mostrate[i]!.sinistra - t.sinistra)).toBeLessThanOrEqual(0.5);
        expect(Math.abs(mostrate[i]!.alto - t.alto)).toBeLessThanOrEqual(0.5);
      }
    });
  }
});
