import { api } from '../../api/client';
import type { toPayload } from './model';

type Payload = ReturnType<typeof toPayload>;

export const creaEvento = (payload: Payload) => api.post('/api/gas/evento/', 'evento', payload);

export const salvaEvento = (id: number, payload: Payload) =>
  api.patch(`/api/gas/evento/${id}/`, 'evento', payload);

export const invita = (id: number, email: string, ruolo: 'adm' | 'ins') =>
  api.post(`/api/gas/evento/${id}/invita/`, 'empty', { email, ruolo });

/** Uploads (or replaces) the problems text or the solutions of an event. */
export const caricaFile = (evento: number, tipologia: 'problemi' | 'soluzioni', file: File) =>
  api.post('/api/gas/file-programmato/', 'fileEvento', { il_file: file, evento, tipologia });
