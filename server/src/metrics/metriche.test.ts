// GET /metrics (issue 16): the Prometheus text format (read back with a
// Prometheus text parser), counters that move when answers are submitted and
// feeds are followed, and who may read it.
import parsePrometheusTextFormat, { type Family } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../api/testing';
import { testBackends } from '../db/testing';
import { ensureLiveSession, type LiveSession } from '../demo/queries';
import { connectWs } from '../live/testing/ws-client';

const TOKEN = 'token-delle-metriche-di-prova';

type Lettura = { famiglie: Family[]; testo: string };

/**
 * The value of a series: a counter or gauge's value as the parser reads it; a
 * histogram's count from its `_count` lines (the parser merges the series of
 * a labelled histogram into one and drops their labels).
 */
function valore(
  { famiglie, testo }: Lettura,
  nome: string,
  etichette: Record<string, string> = {},
) {
  const combacia = (labels: Record<string, string> | undefined) =>
    Object.entries(etichette).every(([k, v]) => labels?.[k] === v);
  const famiglia = famiglie.find((f) => f.name === nome);
  if (!famiglia) return 0;
  if (famiglia.type === 'HISTOGRAM') {
    let somma = 0;
    for (const riga of testo.split('\n')) {
      const m = new RegExp(`^${nome}_count(?:\\{(.*)\\})? (\\S+)$`).exec(riga);
      if (!m) continue;
      const labels = Object.fromEntries(
        [...(m[1] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1]!, x[2]!]),
      );
      if (combacia(labels)) somma += Number(m[2]);
    }
    return somma;
  }
  return famiglia.metrics
    .filter((m) => combacia(m.labels))
    .reduce((somma, m) => somma + Number(m.value ?? 0), 0);
}

describe.each(testBackends())('metrics on %s', (backend) => {
  let t: TestApp;
  let live: LiveSession;
  let base = '';
  beforeAll(async () => {
    t = await createTestApp(backend);
    live = await ensureLiveSession(t.database, {
      now: new Date(),
      titolo: 'Metriche',
      teams: 3,
      inseritore: 'inseritore',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    base = `127.0.0.1:${address.port}`;
  });
  afterAll(() => t.close());

  const leggi = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return { famiglie: parsePrometheusTextFormat(res.body), testo: res.body };
  };

  it('answers stored, their check, the group commit and the HTTP route move when answers are submitted', async () => {
    const prima = await leggi();
    const inseritore = await t.as('inseritore');
    const problema = live.problemi[0]!;
    const giusta = String(problema.soluzione);
    for (const [i, valore] of ['123456', giusta, '7654321'].entries()) {
      const res = await inseritore.post('/api/gas/risposta/', {
        squadra: live.squadre[i]!,
        problema: problema.id,
        valore,
        valore_exp: problema.soluzioneExp,
      });
      expect(res.statusCode).toBe(201);
    }
    const dopo = await leggi();
    const delta = (nome: string, etichette?: Record<string, string>) =>
      valore(dopo, nome, etichette) - valore(prima, nome, etichette);
    expect(delta('gas_risposte_salvate_total', { esito: 'errata' })).toBe(2);
    expect(delta('gas_risposte_salvate_total', { esito: 'corretta' })).toBe(1);
    expect(delta('gas_consegne_total', { esito: 'creata' })).toBe(3);
    expect(delta('gas_consegna_lotto_risposte')).toBeGreaterThanOrEqual(1);
    expect(
      delta('http_request_duration_seconds', {
        method: 'POST',
        route: '/api/gas/risposta/',
        status_code: '201',
      }),
    ).toBe(3);
    // Process metrics: memory and event-loop lag.
    expect(valore(dopo, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(dopo.famiglie.some((f) => f.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
    expect(valore(dopo, 'gas_db_pool_connessioni', { stato: 'totali' })).toBeGreaterThan(0);
  });

  it('open connections by feed rise and fall; frames sent are counted', async () => {
    const ws = connectWs(`ws://${base}/ws/gas/sessione/${live.sessioneId}/punteggi_eventi/`);
    await ws.opened;
    await expect
      .poll(async () => valore(await leggi(), 'gas_ws_connessioni', { feed: 'eventi' }))
      .toBe(1);
    const prima = valore(await leggi(), 'gas_ws_frame_inviati_total', { feed: 'eventi' });
    const res = await (
      await t.as('inseritore')
    ).post('/api/gas/risposta/', {
      squadra: live.squadre[0]!,
      problema: live.problemi[1]!.id,
      valore: '42',
      valore_exp: 0,
    });
    expect(res.statusCode).toBe(201);
    await ws.next((f) => f.type === 'npe');
    expect(valore(await leggi(), 'gas_ws_frame_inviati_total', { feed: 'eventi' })).toBe(prima + 1);
    ws.close();
    await expect
      .poll(async () => valore(await leggi(), 'gas_ws_connessioni', { feed: 'eventi' }))
      .toBe(0);
  });

  it('snapshot cache hits and misses', async () => {
    const prima = await leggi();
    const url = `/api/gas/sessione/${live.sessioneId}/punteggi/`;
    // A user: a visitor's second read would come from the instance's cache
    // of public reads (microcache.ts), not from the snapshots.
    const docente = await t.as('docente');
    await docente.get(url);
    await docente.get(url);
    const dopo = await leggi();
    const d = (esito: string) =>
      valore(dopo, 'gas_snapshot_cache_total', { esito }) -
      valore(prima, 'gas_snapshot_cache_total', { esito });
    expect(d('hit') + d('miss')).toBe(2);
    expect(d('hit')).toBeGreaterThanOrEqual(1);
  });

  it('without a token only direct local requests read it; unknown routes get one label', async () => {
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: { 'x-forwarded-for': '203.0.113.5' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '198.51.100.4' }))
        .statusCode,
    ).toBe(404);
    await t.app.inject({ method: 'GET', url: '/api/gas/inesistente/12345/' });
    const { testo } = await leggi();
    expect(testo).toMatch(/http_request_duration_seconds_count\{[^}]*route="nessuna"/);
    expect(testo).not.toContain('12345');
  });
});

describe('metrics behind a token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { seed: false, config: { metricsToken: TOKEN } });
  });
  afterAll(() => t.close());

  it('needs the bearer token, from anywhere', async () => {
    const get = (authorization?: string, remoteAddress = '198.51.100.4') =>
      t.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress,
        headers: authorization ? { authorization } : {},
      });
    const senza = await get(undefined, '127.0.0.1');
    expect(senza.statusCode).toBe(401);
    expect(senza.headers['www-authenticate']).toContain('Bearer');
    expect(senza.json().detail).toContain('GAS_METRICS_TOKEN');
    expect((await get(`Bearer ${TOKEN}x`)).statusCode).toBe(401);
    expect((await get(`Basic ${TOKEN}`)).statusCode).toBe(401);
    const ok = await get(`Bearer ${TOKEN}`);
    expect(ok.statusCode).toBe(200);
    expect(parsePrometheusTextFormat(ok.body).length).toBeGreaterThan(10);
  });
});
