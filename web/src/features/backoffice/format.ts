// How values of the back office read in Italian (lists, history, selects).
import { conta, type AnteprimaCorrezione } from '@gas/contracts';
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

/** What a corrected solution would change, in words that agree with each count. */
export function testoCorrezione(a: AnteprimaCorrezione): string {
  const corrette = conta(
    a.diventano_corrette,
    'risposta diventa corretta',
    'risposte diventano corrette',
  );
  const errate = conta(a.diventano_errate, 'diventa errata', 'diventano errate');
  return `Con la nuova soluzione ${corrette} e ${errate} (su ${conta(a.risposte, 'risposta data', 'risposte date')}); le classifiche e le pagine aperte si aggiornano.`;
}
