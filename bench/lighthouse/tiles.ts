// A stand-in for OpenStreetMap's tile server, for the benchmark's map tab.
//
// This machine reaches no network but the package registries, so the map's
// tiles (`https://tile.openstreetmap.org/{z}/{x}/{y}.png`, the server's
// default MAP_TILE_URL) fail to load, Chromium logs each failure to the
// console and Lighthouse's best practices read 96 for a page a networked
// viewer sees without an error. Chromium is pointed at this server for that
// host instead (`--host-resolver-rules`), so the page, its CSP and its tile
// URLs stay exactly the production ones: HTTPS with a certificate made for the
// run (Chromium told to accept it), and a tile of a real tile's weight (about
// 14 kB, a street map's typical PNG) with OpenStreetMap's cache header, so
// Lighthouse's network simulation fetches what a phone would.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { rng } from '../scoring/generate';

export const TILE_HOST = 'tile.openstreetmap.org';
const SIDE = 256;

/** One PNG chunk: length, type, data, CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/**
 * A 256×256 RGB tile: a map's pale ground with scattered darker pixels (the
 * streets and labels a real tile has), so it compresses to a real tile's size
 * rather than to a few hundred bytes of flat colour.
 */
function tilePng(): Buffer {
  const random = rng(29);
  const rows: Buffer[] = [];
  for (let y = 0; y < SIDE; y++) {
    const row = Buffer.alloc(1 + SIDE * 3);
    for (let x = 0; x < SIDE; x++) {
      const ink = random() < 0.09 ? 90 + Math.floor(random() * 120) : 0;
      row[1 + x * 3] = 242 - ink / 2;
      row[2 + x * 3] = 239 - ink / 2;
      row[3 + x * 3] = 233 - ink;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIDE, 0);
  header.writeUInt32BE(SIDE, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A self-signed certificate for the tile host, made with Debian's openssl. */
function certificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gas-tiles-'));
  const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
  try {
    try {
      execFileSync(
        'openssl',
        [
          ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1'],
          ...['-keyout', key, '-out', cert],
          ...['-subj', `/CN=${TILE_HOST}`, '-addext', `subjectAltName=DNS:${TILE_HOST}`],
        ],
        { stdio: 'ignore' },
      );
    } catch (error) {
      throw new Error('the tiles stand-in needs openssl (Debian: apt-get install openssl)', {
        cause: error,
      });
    }
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface TileStandIn {
  /** Chromium's flags that send the tile host's requests here. */
  chromeFlags: string[];
  tileBytes: number;
  requests: () => number;
  close: () => Promise<void>;
}

export async function startTileStandIn(): Promise<TileStandIn> {
  const tile = tilePng();
  let served = 0;
  const server = https.createServer(certificate(), (request, response) => {
    if (!/^\/\d+\/\d+\/\d+\.png$/.test(request.url ?? '')) {
      response.writeHead(404).end();
      return;
    }
    served++;
    response.writeHead(200, {
      'content-type': 'image/png',
      'content-length': tile.length,
      'cache-control': 'max-age=86400',
      'access-control-allow-origin': '*',
    });
    response.end(tile);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    chromeFlags: [
      `--host-resolver-rules=MAP ${TILE_HOST} 127.0.0.1:${port}`,
      '--ignore-certificate-errors',
    ],
    tileBytes: tile.length,
    requests: () => served,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
