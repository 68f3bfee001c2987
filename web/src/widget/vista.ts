// The widget's DOM, in plain TypeScript: a framework would cost more than the
// whole page (its budget is 60 kB of compressed script, issue 28). Names and
// other text from the server go in through textContent only.
import type { RigaScuola } from './squadre-scuola';
import { aggiornatoAlle, testoCambio } from './testi';

export const NON_DISPONIBILE = 'Classifica non disponibile';
export const NESSUNA_SQUADRA = 'Nessuna squadra di questa scuola nella sessione.';

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  testo?: string,
  classe?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (testo !== undefined) node.textContent = testo;
  if (classe) node.className = classe;
  return node;
}

export interface StatoVista {
  scuola: string | null;
  sessione: string | null;
  /** The page of the whole ranking on this site. */
  link: string;
  righe: RigaScuola[] | null;
  /** Epoch ms of the snapshot shown. */
  aggiornato: number | null;
  connesso: boolean;
}

function tabella(righe: RigaScuola[], ora: number): HTMLTableElement {
  const table = el('table', undefined, 'w-tab');
  const head = table.createTHead().insertRow();
  for (const [testo, classe] of [
    ['Pos.', 'w-pos'],
    ['Squadra', ''],
    ['Punti', 'w-num'],
    ['Ultimo cambio', 'w-cambio'],
  ] as const) {
    const th = el('th', testo, classe);
    th.scope = 'col';
    head.append(th);
  }
  const body = table.createTBody();
  for (const r of righe) {
    const tr = body.insertRow();
    tr.dataset.squadra = String(r.id);
    const pos = el('td', r.posizione === null ? 'osp.' : String(r.posizione), 'w-pos');
    if (r.posizione === null) pos.title = 'Squadra ospite';
    const nome = el('th', r.nome);
    nome.scope = 'row';
    const cambio = el('td', r.cambio ? testoCambio(r.cambio, ora) : '—', 'w-cambio');
    tr.append(pos, nome, el('td', String(r.totale), 'w-num w-totale'), cambio);
  }
  return table;
}

/** Draws the whole widget again (a school has a handful of teams). */
export function disegna(root: HTMLElement, stato: StatoVista, ora = Date.now()): void {
  const parti: Node[] = [];
  const testa = el('header', undefined, 'w-testa');
  testa.append(el('h1', stato.scuola ?? 'Classifica della scuola'));
  if (stato.sessione) testa.append(el('p', stato.sessione, 'w-sessione'));
  parti.push(testa);
  if (stato.righe === null) {
    parti.push(el('p', 'Caricamento…', 'w-nota'));
  } else if (stato.righe.length === 0) {
    parti.push(el('p', NESSUNA_SQUADRA, 'w-nota'));
  } else {
    parti.push(tabella(stato.righe, ora));
  }
  const piede = el('footer', undefined, 'w-piede');
  if (!stato.connesso && stato.righe !== null) {
    piede.append(el('span', 'Connessione persa', 'w-persa'));
  } else if (stato.aggiornato !== null) {
    piede.append(el('span', aggiornatoAlle(stato.aggiornato)));
  }
  const link = el('a', 'Classifica completa');
  link.href = stato.link;
  link.target = '_blank';
  link.rel = 'noopener';
  piede.append(link);
  parti.push(piede);
  root.replaceChildren(...parti);
}

/** A private event, an unknown session, a malformed address: nothing to show. */
export function disegnaNonDisponibile(root: HTMLElement): void {
  root.replaceChildren(el('p', NON_DISPONIBILE, 'w-nota'));
}
