// A stand-in for the GaS server, enough for the scores page: the built web
// app (SPA fallback), the page's first screen painted by the server's own
// code (server/src/plugins/prima-schermata.ts with the build's renderer), the
// API calls the page makes, answered from generated sessions, and the two
// score feeds, where the benchmark pushes frames; compressed as the real
// server compresses (Lighthouse's network simulation reads the bytes sent).
// No database, so what is timed is the page, not the server.
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { ANONYMOUS_USER, colonne, FINESTRA_BLOCCHI_MS, raggruppaInBlocchi } from '@gas/contracts';
import { computeLeaderboard, type ScoringInput } from '@gas/scoring';
import pino from 'pino';
import { leggiManifest, stiliDellaPagina } from '../../server/src/plugins/anticipi';
import {
  codificaAccettata,
  comprimi,
  SOGLIA_COMPRESSIONE,
} from '../../server/src/plugins/compressione';
import {
  conAvvioDopoIlDisegno,
  MODULO_AVVIO,
} from '../../server/src/plugins/avvio-dopo-il-disegno';
import {
  conPagina,
  creaPrimaSchermata,
  rendererDellaBuild,
} from '../../server/src/plugins/prima-schermata';
import { rng } from '../scoring/generate';

export interface BenchSession {
  id: number;
  input: ScoringInput;
  fine: string;
  numeroQualificati: number;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.map': 'application/json',
};

const page = <T>(results: T[], count = results.length) => ({
  count,
  next: null,
  previous: null,
  results,
});

/** The /punteggi/ item, /squadra/in_sessione/ and /sessione/ payloads of a session. */
function payloads(s: BenchSession) {
  const { input } = s;
  const board = computeLeaderboard(input, { now: Date.now() });
  const ora = new Date().toISOString();
  const random = rng(s.id);
  const schools = new Map<number, { lat: number; lng: number }>();
  const squadre = input.squadre.map((t) => {
    const scuola = t.scuola ?? 0;
    if (!schools.has(scuola)) {
      schools.set(scuola, { lat: 38 + random() * 8, lng: 8 + random() * 10 });
    }
    const place = schools.get(scuola)!;
    return {
      id: t.id,
      nome: t.nome,
      scuola: {
        id: scuola,
        nome: `Liceo ${scuola}`,
        tipologia: 'LS',
        indirizzo: { nome: 'Via Roma 1', citta: null, latitude: place.lat, longitude: place.lng },
      },
      sessione: s.id,
      evento: s.id,
      polo: null,
      ufficiale: true,
      ospite: t.ospite ?? false,
    };
  });
  const json = {
    sessione: s.id,
    evento: s.id,
    nome: `Sessione di prova (${input.squadre.length} squadre)`,
    inizio: input.inizio,
    fine: s.fine,
    numero_qualificati: s.numeroQualificati,
    ora,
    problemi: input.problemi,
    valori: board.valori,
    classifica: board.classifica.map((e) => ({ ...e, polo: null })),
    numero_eventi: input.eventi.length,
  };
  const sessione = {
    id: s.id,
    nome: json.nome,
    evento: s.id,
    ufficiale: true,
    numero_qualificati: s.numeroQualificati,
    ordine: 1,
    inizio: input.inizio,
    fine: s.fine,
    squadre_count: input.squadre.length,
    poli: [],
  };
  const evento = {
    id: s.id,
    titolo: 'Gara di prova del benchmark',
    inizio: input.inizio,
    fine: s.fine,
    tipologia: 'o',
    poli: [],
    problemi: [],
    permessi: {},
    PTI_TOLTI_ERRORE: 10,
  };
  // The compact blocks of /sessione/{id}/eventi/ (issue 18), as the server builds them.
  const start = Date.parse(input.inizio);
  const blocchi = [...raggruppaInBlocchi(input.eventi, start)].map(([n, lista]) => {
    const cols = colonne(s.id, n, start, lista);
    const versione = createHash('sha256').update(JSON.stringify(cols)).digest('base64url');
    return { ...cols, versione: versione.slice(0, 22) };
  });
  const indice = {
    sessione: s.id,
    ora,
    inizio: input.inizio,
    finestra_ms: FINESTRA_BLOCCHI_MS,
    eventi: input.eventi.length,
    blocchi: blocchi.map((b) => ({ blocco: b.blocco, eventi: b.id.length, versione: b.versione })),
  };
  return {
    punteggi: page([{ ora, json }]),
    squadre: page(squadre),
    sessione,
    evento,
    indice,
    blocchi: new Map(blocchi.map((b) => [b.blocco, b])),
  };
}

export interface BenchServer {
  url: string;
  /** Sends a frame to every open punteggi_eventi socket of a session; returns how many. */
  send(sessione: number, frame: unknown): number;
  sockets(sessione: number): number;
  close(): Promise<void>;
}

export async function startServer(dist: string, sessions: BenchSession[]): Promise<BenchServer> {
  if (!existsSync(path.join(dist, 'index.html'))) {
    throw new Error(`Nessuna build in ${dist}: esegui prima "npm run -s build".`);
  }
  const data = new Map(sessions.map((s) => [s.id, { s, p: payloads(s) }]));
  // The scores page's first screen, as the real server paints it (with its
  // ranking); BENCH_PRIMA_SCHERMATA=0 sends index.html as built, for a comparison.
  const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
  // As the real server sends a painted scores page (plugins/static.ts): the
  // page's own styles inlined in its head (its tabs' copies are hidden by
  // them), the app asked for after the first paint.
  const manifest = leggiManifest(dist);
  const stili = stiliDellaPagina('/sessione/1/punteggi/', manifest)
    .map((file) => readFileSync(path.join(dist, file), 'utf8'))
    .join('\n');
  const dipinta = conAvvioDopoIlDisegno(
    index.replace('</head>', `<style>${stili}</style>\n</head>`),
    manifest?.[MODULO_AVVIO]?.file ?? null,
  );
  const renderer = process.env.BENCH_PRIMA_SCHERMATA === '0' ? null : rendererDellaBuild(dist);
  const prima = renderer
    ? creaPrimaSchermata({
        renderer,
        log: pino({ level: 'silent' }),
        lettori: {
          sessione: async (id) => {
            const d = data.get(id);
            return d ? { sessione: d.p.sessione, evento: d.p.evento } : null;
          },
          evento: async () => null,
          eventi: async () => null,
          home: async () => null,
          conClassifica: async (id) => {
            const d = data.get(id);
            if (!d) return null;
            const [classifica] = d.p.punteggi.results;
            const { sessione, evento } = d.p;
            return { sessione, evento, classifica, squadre: d.p.squadre.results, poli: [] };
          },
        },
      })
    : null;
  /** A body compressed as the real server sends it (plugins/compressione.ts), when asked for. */
  const invia = (res: http.ServerResponse, status: number, type: string, body: string) => {
    const codifica = codificaAccettata(res.req.headers['accept-encoding']);
    const bytes = Buffer.from(body);
    if (codifica === null || bytes.length < SOGLIA_COMPRESSIONE) {
      res.writeHead(status, { 'Content-Type': type });
      return res.end(bytes);
    }
    res.writeHead(status, { 'Content-Type': type, 'Content-Encoding': codifica });
    res.end(comprimi(bytes, codifica));
  };
  const json = (res: http.ServerResponse, body: unknown, status = 200) =>
    invia(res, status, 'application/json', JSON.stringify(body));
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const p = url.pathname;
    let m: RegExpExecArray | null;
    if (prima && /^\/sessione\/\d+\/punteggi\/$/.test(p)) {
      void prima.pagina(p).then((pagina) => {
        invia(res, 200, TYPES['.html']!, pagina ? conPagina(dipinta, pagina) : index);
      });
      return;
    }
    // A visitor without a session, as the real server answers it (not a 403:
    // the app logs that as an error, which Lighthouse's best practices count).
    if (p === '/api/ext-user/whoami/') return json(res, ANONYMOUS_USER);
    if (p === '/api/time/')
      return json(res, { time: new Date().toISOString(), epoch_ms: Date.now() });
    if (p === '/api/gas/evento/') return json(res, page([]));
    if (p === '/api/gas/messaggi-importanti/' || p === '/api/gas/polo/') return json(res, page([]));
    if ((m = /^\/api\/gas\/sessione\/(\d+)\/$/.exec(p))) {
      const d = data.get(Number(m[1]));
      return d ? json(res, d.p.sessione) : json(res, { detail: 'Non trovato.' }, 404);
    }
    if ((m = /^\/api\/gas\/evento\/(\d+)\/$/.exec(p))) {
      const d = data.get(Number(m[1]));
      return d ? json(res, d.p.evento) : json(res, { detail: 'Non trovato.' }, 404);
    }
    if ((m = /^\/api\/gas\/sessione\/(\d+)\/punteggi\/$/.exec(p))) {
      return json(res, data.get(Number(m[1]))!.p.punteggi);
    }
    if ((m = /^\/api\/gas\/sessione\/(\d+)\/eventi\/$/.exec(p))) {
      return json(res, data.get(Number(m[1]))!.p.indice);
    }
    if ((m = /^\/api\/gas\/sessione\/(\d+)\/eventi\/(\d+)\/$/.exec(p))) {
      const b = data.get(Number(m[1]))!.p.blocchi.get(Number(m[2]));
      return b ? json(res, b) : json(res, { detail: 'Non trovato.' }, 404);
    }
    if (p === '/api/gas/squadra/in_sessione/') {
      return json(res, data.get(Number(url.searchParams.get('sessione')))!.p.squadre);
    }
    if (p === '/api/gas/risposta-all/') {
      const d = data.get(Number(url.searchParams.get('squadra__sessione')))!;
      const limit = Number(
        url.searchParams.get('limit') ?? url.searchParams.get('page_size') ?? 100,
      );
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const idGt = Number(url.searchParams.get('id__gt') ?? 0);
      const all = d.s.input.eventi.filter((e) => e.id > idGt);
      return json(res, page(all.slice(offset, offset + limit), all.length));
    }
    if (p.startsWith('/api/')) return json(res, { detail: 'Non trovato.' }, 404);
    // Static files, else the app's index.html (client routes).
    const file = path.join(dist, path.normalize(p).replace(/^(\.\.[/\\])+/, ''));
    const target =
      existsSync(file) && statSync(file).isFile() ? file : path.join(dist, 'index.html');
    // The build's brotli twin when the browser takes it, as the real server does (plugins/static.ts).
    const br =
      codificaAccettata(req.headers['accept-encoding']) === 'br' && existsSync(`${target}.br`);
    res.writeHead(200, {
      'Content-Type': TYPES[path.extname(target)] ?? 'application/octet-stream',
      ...(br ? { 'Content-Encoding': 'br' } : {}),
    });
    createReadStream(br ? `${target}.br` : target).pipe(res);
  });
  const wss = new WebSocketServer({ noServer: true });
  const feeds = new Map<number, Set<WebSocket>>();
  server.on('upgrade', (req, socket, head) => {
    const url = req.url ?? '';
    const m = /^\/ws\/gas\/sessione\/(\d+)\/(punteggi_eventi|punteggi_last)\/$/.exec(url);
    // The event's messages feed too, open and silent (a refused socket is an
    // error in the page's console, which Lighthouse's best practices count).
    if (!m && !/^\/ws\/gas\/messaggi-importanti\/\d+\/$/.test(url)) return socket.destroy();
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on('message', (raw) => {
        if (String(raw).includes('"ping"')) ws.send('{"type":"pong"}');
      });
      if (m?.[2] !== 'punteggi_eventi') return;
      const id = Number(m[1]);
      const set = feeds.get(id) ?? new Set();
      set.add(ws);
      feeds.set(id, set);
      ws.on('close', () => set.delete(ws));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    send(sessione, frame) {
      const set = feeds.get(sessione) ?? new Set();
      const text = JSON.stringify(frame);
      for (const ws of set) ws.send(text);
      return set.size;
    },
    sockets: (sessione) => feeds.get(sessione)?.size ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const set of feeds.values()) for (const ws of set) ws.terminate();
        wss.close();
        server.close(() => resolve());
      }),
  };
}
