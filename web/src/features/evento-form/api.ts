import { api } from '../../api/client';
import type { toPayload } from './model';

type Payload = ReturnType<typeof toPayload>;

export const creaEvento = (payload: Payload) => api.post('/api/gas/evento/', 'evento', payload);

export const salvaEvento = (id: number, payload: Payload) =>
  api.patch(`/api/gas/evento/${id}/`, 'evento', payload);

/** Appoints an account found by the search (`utente`) or by its address (a new one is invited). */
export const invita = (
  id: number,
  chi: { utente: number } | { email: string },
  ruolo: 'adm' | 'ins',
) => api.post(`/api/gas/evento/${id}/invita/`, 'empty', { ...chi, ruolo });

/** Accounts to appoint, by name, username or whole e-mail (at least 3 characters). */
export const cercaCandidati = (id: number, q: string, signal?: AbortSignal) =>
  api.get(`/api/gas/evento/${id}/candidati/`, 'candidati', { q }, { signal });

/** Uploads (or replaces) the problems text or the solutions of an event. */
export const caricaFile = (evento: number, tipologia: 'problemi' | 'soluzioni', file: File) =>
  api.post('/api/gas/file-programmato/', 'fileEvento', { il_file: file, evento, tipologia });
