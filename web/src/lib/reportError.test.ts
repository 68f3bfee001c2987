// What the web app reports (issue 16): every kind reaches the inbox once,
// with the user, version, path and request id; a broken page cannot flood.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SegnalazioneErrore } from '@gas/contracts';
import { ApiError } from '../api/errors';
import { FiltroSegnalazioni, FINESTRA_MS, MASSIMO_PER_FINESTRA } from './errori/filtro';
import { costruisciSegnalazione } from './errori/segnalazione';
import { pulisciEvento } from './errori/sentry';
import {
  impostaInvioSegnalazioni,
  impostaUtenteSegnalazioni,
  installaSegnalazioneGlobale,
  reportError,
} from './reportError';

describe('reportError', () => {
  let inviate: SegnalazioneErrore[];
  beforeEach(() => {
    inviate = [];
    impostaInvioSegnalazioni(async (s) => void inviate.push(s));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    impostaInvioSegnalazioni(null);
    impostaUtenteSegnalazioni(null);
    vi.restoreAllMocks();
  });

  it('sends the kind, message, stack, context, path, version and request id; once per error', () => {
    const errore = new ApiError({
      kind: 'server',
      status: 500,
      detail: 'Errore interno del server.',
      requestId: 'req-0001-abcd',
    });
    reportError(errore, 'API GET /api/gas/evento/3/', 'api');
    reportError(errore, 'API GET /api/gas/evento/3/', 'api');
    expect(inviate).toHaveLength(1);
    expect(inviate[0]).toMatchObject({
      tipo: 'api',
      messaggio: 'ApiError: Errore interno del server.',
      contesto: 'API GET /api/gas/evento/3/',
      versione: '1.6.0',
      request_id: 'req-0001-abcd',
      percorso: location.pathname,
    });
    expect(inviate[0]!.stack).toContain('ApiError');
  });

  it('uncaught errors and unhandled rejections of the page are reported', () => {
    const target = new EventTarget() as unknown as Window;
    installaSegnalazioneGlobale(target);
    target.dispatchEvent(
      Object.assign(new Event('error'), { error: new TypeError('x is undefined'), message: '' }),
    );
    target.dispatchEvent(
      Object.assign(new Event('unhandledrejection'), { reason: new Error('promessa persa') }),
    );
    // A cross-origin script's error carries nothing to report.
    target.dispatchEvent(
      Object.assign(new Event('error'), { error: null, message: 'Script error.' }),
    );
    expect(inviate.map((s) => [s.tipo, s.messaggio])).toEqual([
      ['errore', 'TypeError: x is undefined'],
      ['promessa', 'Error: promessa persa'],
    ]);
  });

  it('never throws, even when sending fails', () => {
    impostaInvioSegnalazioni(() => Promise.reject(new Error('offline')));
    expect(() => reportError(new Error('qualcosa'), 'prova fallita')).not.toThrow();
  });
});

describe('what a report carries', () => {
  it('cuts what is too long and drops a malformed request id; a link token never leaves', () => {
    const s = costruisciSegnalazione({
      tipo: 'render',
      errore: new Error('m'.repeat(5000)),
      contesto: 'c'.repeat(1000),
      percorso: '/accounts/imposta-password/SEGRETO123/',
      versione: '1.6.0',
      requestId: 'a b',
    });
    expect(s.messaggio).toHaveLength(2000);
    expect(s.contesto).toHaveLength(300);
    expect(s.percorso).toBe('/accounts/imposta-password/***/');
    expect(s.request_id).toBe('');
  });

  it('keeps secrets in messages, stacks and paths in the browser', () => {
    const errore = new Error('login fallito: {"password":"pwSEGRETO"} sessionid=sSEGRETO');
    errore.stack = `${errore.message}\n    at f (https://gas.test/a.js:1:2) Authorization: Basic dXNlcjpwYXNz`;
    const s = costruisciSegnalazione({
      tipo: 'errore',
      errore,
      contesto: 'csrftoken=cSEGRETO',
      percorso: '/gare/3/?token=tSEGRETO',
      versione: '1.6.0',
      requestId: '',
    });
    expect(JSON.stringify(s)).not.toMatch(/SEGRETO|dXNlcjpwYXNz/);
    expect(s.percorso).toBe('/gare/3/?token=***');
    expect(s.messaggio).toBe('Error: login fallito: {"password":"***"} sessionid=***');
  });

  it('cleans what goes to Sentry from the browser', () => {
    const evento = pulisciEvento({
      message: 'Bearer tokSEGRETO',
      exception: { values: [{ value: 'Set-Cookie: sessionid=sSEGRETO' }, {}] },
      request: { url: 'https://gas.test/accounts/imposta-password/tSEGRETO/' },
    });
    expect(JSON.stringify(evento)).not.toContain('SEGRETO');
    expect(evento.exception.values[0]!.value).toBe('Set-Cookie: ***');
  });

  it('describes anything thrown', () => {
    const s = (errore: unknown) =>
      costruisciSegnalazione({
        tipo: 'errore',
        errore,
        contesto: '',
        percorso: '/',
        versione: '1.6.0',
        requestId: '',
      }).messaggio;
    expect(s('solo testo')).toBe('solo testo');
    expect(s({ codice: 3 })).toBe('{"codice":3}');
    expect(s(undefined)).toBe('undefined');
  });
});

describe('the flood guard', () => {
  it('the same error once in 10 minutes; at most 10 reports in any 10 minutes', () => {
    let t = 0;
    const filtro = new FiltroSegnalazioni(() => t);
    expect(filtro.consenti('a')).toBe(true);
    expect(filtro.consenti('a')).toBe(false);
    for (let i = 1; i < MASSIMO_PER_FINESTRA; i++) expect(filtro.consenti(`e${i}`)).toBe(true);
    expect(filtro.consenti('ancora uno')).toBe(false);
    t = FINESTRA_MS;
    expect(filtro.consenti('a')).toBe(true);
    expect(filtro.consenti('ancora uno')).toBe(true);
  });
});
