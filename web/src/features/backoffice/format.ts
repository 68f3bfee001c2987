// How values of the back office read in Italian (lists, history, selects).
import { formatDateTime } from '../../lib/romeTime';
import type { Campo } from './fields';

export function mostra(campo: Campo | undefined, value: unknown, titles?: Map<number, string>) {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'sì' : 'no';
  if (campo?.kind.tipo === 'scelta' && typeof value === 'string') {
    return campo.kind.etichette?.[value] ?? value;
  }
  if (campo?.kind.tipo === 'dataora' && typeof value === 'string') return formatDateTime(value);
  if (campo?.kind.tipo === 'riferimento' && typeof value === 'number') {
    return titles?.get(value) ?? `#${value}`;
  }
  if (Array.isArray(value)) {
    return value
      .map((v) => (typeof v === 'number' ? (titles?.get(v) ?? `#${v}`) : String(v)))
      .join(', ');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
