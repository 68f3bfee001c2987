import { api } from '../../api/client';
import type { Evento, FileEvento } from '../../api/types';
import type { toPayload } from './model';

type Payload = ReturnType<typeof toPayload>;

export const creaEvento = (payload: Payload) => api.post<Evento>('/api/gas/evento/', payload);

export const salvaEvento = (id: number, payload: Payload) =>
  api.patch<Evento>(`/api/gas/evento/${id}/`, payload);

export const invita = (id: number, email: string, ruolo: 'adm' | 'ins') =>
  api.post<void>(`/api/gas/evento/${id}/invita/`, { email, ruolo });

/** Uploads (or replaces) the problems text or the solutions of an event. */
export const caricaFile = (evento: number, tipologia: 'problemi' | 'soluzioni', file: File) =>
  api.post<FileEvento>('/api/gas/file-programmato/', { il_file: file, evento, tipologia });
