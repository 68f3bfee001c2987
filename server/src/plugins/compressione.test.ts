// Bytes on the wire (issue 18): answers above a kilobyte go out in brotli or
// gzip as the client accepts, smaller ones as they are; the web app's files
// are sent as their build-time .br / .gz twins, with Vary for caches.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../api/testing';
import { SOGLIA_COMPRESSIONE } from './compressione';

describe('compression', () => {
  let t: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'gas-dist-'));
  const script = `console.log(${JSON.stringify('GaS '.repeat(2000))});`;

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>GaS</title>');
    const file = path.join(dist, 'assets', 'main-abc123.js');
    fs.writeFileSync(file, script);
    fs.writeFileSync(`${file}.br`, brotliCompressSync(script));
    fs.writeFileSync(`${file}.gz`, gzipSync(script));
    t = await createTestApp('pglite', { config: { webDist: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
    });

  it('a large answer goes out in brotli, else gzip, and reads the same', async () => {
    const plain = await get('/api/gas/evento/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(SOGLIA_COMPRESSIONE);

    const br = await get('/api/gas/evento/', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    const decoded = brotliDecompressSync(br.rawPayload).toString();
    expect(JSON.parse(decoded)).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

    const gz = await get('/api/gas/evento/', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('a small answer is sent as it is', async () => {
    const res = await get('/api/ext-user/whoami/', 'br, gzip');
    expect(res.rawPayload.length).toBeLessThan(SOGLIA_COMPRESSIONE);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ id: null });
  });

  it('the web app’s files are sent as their build-time twins', async () => {
    const br = await get('/assets/main-abc123.js', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get('/assets/main-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/main-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });
});
