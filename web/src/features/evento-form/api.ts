import type { EventoCreateRequest, EventoPatchRequest } from '@gas/contracts';
import { typedApi } from '../../api/typed';

export const creaEvento = (body: EventoCreateRequest) =>
  typedApi.post('/api/gas/evento/', 'evento', { body });

export const salvaEvento = (id: number, body: EventoPatchRequest) =>
  typedApi.patch('/api/gas/evento/{id}/', 'evento', { path: { id }, body });

/** Appoints an account found by the search (`utente`) or by its address (a new one is invited). */
export const invita = (
  id: number,
  chi: { utente: number } | { email: string },
  ruolo: 'adm' | 'ins',
) =>
  typedApi.post('/api/gas/evento/{id}/invita/', 'empty', {
    path: { id },
    body: { ...chi, ruolo },
  });

/** Accounts to appoint, by name, username or whole e-mail (at least 3 characters). */
export const cercaCandidati = (id: number, q: string, signal?: AbortSignal) =>
  typedApi.get('/api/gas/evento/{id}/candidati/', 'candidati', {
    path: { id },
    query: { q },
    signal,
  });

/** Uploads (or replaces) the problems text or the solutions of an event. */
export const caricaFile = (evento: number, tipologia: 'problemi' | 'soluzioni', file: File) =>
  typedApi.post('/api/gas/file-programmato/', 'fileEvento', {
    body: { il_file: file, evento, tipologia },
  });

/** How many stored answers a corrected solution would turn correct or wrong (nothing written). */
export const anteprimaCorrezione = (
  problema: number,
  proposta: { soluzione: number; soluzione_exp: number; intervallo_validita: number },
) =>
  typedApi.get('/api/gas/problema/{id}/anteprima-correzione/', 'anteprimaCorrezione', {
    path: { id: problema },
    query: proposta,
  });
