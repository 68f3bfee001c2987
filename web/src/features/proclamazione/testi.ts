// The words of the ceremony (issue 29 item 5): what each step announces, and
// the ranking revealed so far, from the server's steps (@gas/contracts
// proclamazione.ts). Pure, so that the page and its tests share them.
import type { PassoProclamazione, SquadraProclamata } from '@gas/contracts';
import { delPolo } from '../poli/nomi';

const MEDAGLIA = { 1: 'Medaglia d’oro', 2: 'Medaglia d’argento', 3: 'Medaglia di bronzo' } as const;

/** The step's title, as the hall hears it: '7° posto', 'Dal 21° al 30° posto', … */
export function titoloPasso(passo: PassoProclamazione): string {
  switch (passo.tipo) {
    case 'posizione':
    case 'podio':
      return `${passo.posizione}° posto`;
    case 'blocco':
      return passo.da === passo.a ? `${passo.da}° posto` : `Dal ${passo.da}° al ${passo.a}° posto`;
    case 'polo':
      return `${passo.squadre.length > 1 ? 'Vincitori' : 'Vincitore'} ${delPolo(passo.polo)}`;
    case 'ospiti':
      return 'Squadre ospiti';
  }
}

/** A line above the title: the medal, a tie, the guests' place outside the ranking. */
export function sopratitoloPasso(passo: PassoProclamazione): string | null {
  switch (passo.tipo) {
    case 'podio':
      return MEDAGLIA[passo.posizione];
    case 'posizione':
      return passo.squadre.length > 1 ? 'A pari merito' : null;
    case 'polo':
      return passo.squadre.length > 1 ? 'A pari merito nel polo' : 'Il migliore del polo';
    case 'ospiti':
      return 'Fuori classifica';
    case 'blocco':
      return null;
  }
}

/** What a screen reader announces when the step arrives. */
export function annuncioPasso(passo: PassoProclamazione): string {
  const nomi = passo.squadre.map((s) => s.nome).join(', ');
  return `${titoloPasso(passo)}: ${nomi}`;
}

/**
 * Every team revealed so far, once (a venue winner is also in its
 * position's step, or about to be in the podium's), ranked teams by
 * position then name, guests last.
 */
export function classificaRivelata(rivelati: readonly PassoProclamazione[]): SquadraProclamata[] {
  const perId = new Map<number, SquadraProclamata>();
  for (const passo of rivelati) for (const s of passo.squadre) perId.set(s.id, s);
  return [...perId.values()].sort(
    (a, b) =>
      (a.posizione ?? Infinity) - (b.posizione ?? Infinity) || a.nome.localeCompare(b.nome, 'it'),
  );
}

export const TESTI = {
  attesa: 'La proclamazione non è ancora iniziata',
  attesaDettaglio:
    'Tenete aperta questa pagina: i risultati compariranno qui, uno alla volta, man mano che vengono annunciati.',
  primaDellaFine: 'La proclamazione potrà iniziare dopo la fine della gara.',
  conclusa: 'La proclamazione è conclusa. Complimenti a tutte le squadre!',
  rivelata: 'Classifica annunciata finora',
  comandi: 'Comandi della proclamazione',
  avanti: 'Avanti',
  indietro: 'Indietro',
  tasti:
    'Dalla tastiera: freccia destra o Pagina giù per avanzare, freccia sinistra o Pagina su per tornare indietro.',
  connessionePersa:
    'Connessione persa: nuovo tentativo in corso. La pagina si aggiorna da sola appena torna la rete.',
} as const;
