// A third party's client of the open feed (docs/feed.md), kept in the
// repository to prove the feed enough: it imports only the published
// packages (@gas/contracts for the lines, @gas/scoring for the ranking), reads
// the lines, folds them into the state and ranks it as the scores page does.
// A reconnecting client passes `token` back as `since`.
import { rigaFeedSchema, type RigaFeed } from '@gas/contracts';
import { LiveScoring, type ScoringEvent, type SessionSetup } from '@gas/scoring';

type Stato = Extract<RigaFeed, { type: 'stato' }>;
type Squadra = Stato['squadre'][number];
type Problema = Stato['problemi'][number];
type Evento = Stato['eventi'][number];

export class ClassificaDalFeed {
  /** The token of the last line applied: `since` for the next connection. */
  token: string | null = null;
  evento: Stato['evento'] | null = null;
  sessione: Stato['sessione'] | null = null;
  readonly problemi = new Map<number, Problema>();
  readonly squadre = new Map<number, Squadra>();
  readonly eventi = new Map<number, Evento>();
  readonly messaggi = new Map<number, Stato['messaggi'][number]>();

  /** One line of the feed, as parsed JSON (checked against the contracts' schema). */
  applica(json: unknown): void {
    const riga = rigaFeedSchema.parse(json);
    switch (riga.type) {
      case 'stato':
        this.evento = riga.evento;
        this.sessione = riga.sessione;
        for (const m of [this.problemi, this.squadre, this.eventi, this.messaggi]) m.clear();
        for (const p of riga.problemi) this.problemi.set(p.id, p);
        for (const s of riga.squadre) this.squadre.set(s.id, s);
        for (const e of riga.eventi) this.eventi.set(e.id, e);
        for (const m of riga.messaggi) this.messaggi.set(m.id, m);
        break;
      case 'consegna':
        this.eventi.set(riga.evento.id, riga.evento);
        break;
      case 'consegna_eliminata':
        this.eventi.delete(riga.id);
        break;
      case 'jolly':
        for (const e of this.eventi.values()) {
          if (e.k === 'j' && e.s === riga.squadra) this.eventi.delete(e.id);
        }
        if (riga.evento) this.eventi.set(riga.evento.id, riga.evento);
        break;
      case 'squadra':
        this.squadre.set(riga.squadra.id, riga.squadra);
        break;
      case 'squadra_eliminata':
        this.squadre.delete(riga.id);
        for (const e of this.eventi.values()) if (e.s === riga.id) this.eventi.delete(e.id);
        break;
      case 'problema':
        this.problemi.set(riga.problema.id, riga.problema);
        break;
      case 'problema_eliminato':
        this.problemi.delete(riga.id);
        break;
      case 'evento':
        this.evento = riga.evento;
        break;
      case 'sessione':
        this.sessione = riga.sessione;
        break;
      case 'messaggio':
        this.messaggi.set(riga.messaggio.id, riga.messaggio);
        break;
      case 'messaggio_eliminato':
        this.messaggi.delete(riga.id);
        break;
      case 'ping':
        break;
    }
    this.token = riga.token;
  }

  /** Every line of an NDJSON text (a `stream=false` answer, or what a stream gave so far). */
  applicaTesto(ndjson: string): void {
    for (const line of ndjson.split('\n')) if (line.trim()) this.applica(JSON.parse(line));
  }

  /** The ranking at `ora` (epoch ms), as @gas/scoring makes the scores page's. */
  classifica(ora: number) {
    const evento = this.evento;
    if (!evento) throw new Error('nessuno stato: leggi il feed senza since');
    const setup: SessionSetup = {
      params: evento.parametri,
      inizio: evento.inizio,
      problemi: [...this.problemi.values()]
        .sort((a, b) => a.ordine - b.ordine || a.id - b.id)
        .map(({ id, nome }) => ({ id, nome })),
      squadre: [...this.squadre.values()]
        .sort((a, b) => a.id - b.id)
        .map((s) => ({
          id: s.id,
          nome: s.nome,
          ospite: s.ospite,
          ordine_eta: s.ordine_eta,
          penalita: s.penalita,
          scuola: s.scuola,
        })),
    };
    // Only what counts (docs/feed.md): answers from the start to the end,
    // jokers to fine_consegna_jolly; of teams and problems still there.
    const inizio = Date.parse(evento.inizio);
    const fine = Date.parse(evento.fine);
    const fineJolly = Date.parse(evento.fine_consegna_jolly ?? evento.fine);
    const eventi: ScoringEvent[] = [...this.eventi.values()]
      .filter((e) => {
        const d = Date.parse(e.d);
        return d >= inizio && d <= (e.k === 'j' ? fineJolly : fine);
      })
      .filter((e) => this.squadre.has(e.s) && this.problemi.has(e.p))
      .sort((a, b) => Date.parse(a.d) - Date.parse(b.d) || a.id - b.id);
    return new LiveScoring(setup, eventi).leaderboard(ora);
  }
}
