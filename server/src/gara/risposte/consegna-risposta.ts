// Use case: an answer handed in (spec §4), from the answer desk, the
// submission page or a script, with or without double entry.
//
// Checked against the instance's copies of the team, the problem and the
// event (targets.ts), stored with the others arriving meanwhile in one
// statement that has the database confirm those copies (consegna.ts,
// gas_consegna_risposte: the answer and its audit entry in one transaction);
// 'stale' checks again with fresh rows. With double entry the answer is a
// typing of the slip, stored when a second typist agrees. Announced on the
// change stream only after its commit.
import { MESSAGGI_GARA } from '@gas/contracts';
import { isAnswerCorrect } from '@gas/scoring';
import type { Db } from '../../db/client';
import type { Risposta } from '../../db/schema';
import { ApiError, apiError, fieldErrors } from '../../errors';
import type { EsitoConsegna } from '../../metrics/metriche';
import { answerWindowOpen } from '../../policies';
import {
  digitazionePerChiave,
  registraDigitazione,
  type EsitoDigitazione,
} from '../digitazione/queries';
import type { FlussoModifiche } from '../modifiche';
import { annunciaConsegna } from './annunci';
import type { ConsegnaBatcher, ConsegnaInput } from './consegna';
import type { ContestoConsegna } from './jolly';
import { rispostaPerChiave } from './queries';
import { checkTarget, chiaveRiusata, deliveryTime } from './regole';
import type { SubmissionTargets } from './targets';

export type RichiestaRisposta = {
  squadra: number;
  problema: number;
  valore: string;
  valore_exp: number;
  momento_consegna?: string | null;
  momento_digitazione?: string | null;
};

export type DepsConsegna = {
  db: Db;
  targets: SubmissionTargets;
  batcher: ConsegnaBatcher;
  modifiche: Pick<FlussoModifiche, 'emetti'>;
  /** Counts each outcome (metrics). */
  conta(esito: EsitoConsegna, corretta?: boolean | null): void;
};

/** A typing that did not end in a conflict or a stale check. */
export type DigitazioneRegistrata = Exclude<EsitoDigitazione, { esito: 'conflict' | 'stale' }>;

export type EsitoConsegnaRisposta =
  /** Stored now (`nuova`), or the same answer of the team within 10 s (`nuova` false). */
  | { esito: 'registrata'; risposta: Risposta; nuova: boolean }
  /** Stored before under this key with this same request (a retry): the same answer. */
  | { esito: 'ripetuta'; risposta: Risposta }
  /** Double entry: the typing, and the answer when a second typist agreed. */
  | { esito: 'digitazione'; digitazione: DigitazioneRegistrata };

/** Checks against fresh rows after the database refused stale copies. */
const MAX_TENTATIVI = 3;

const COME_METRICA = {
  created: 'creata',
  duplicate: 'duplicata',
  replay: 'ripetuta',
  conflict: 'conflitto',
  stale: 'obsoleta',
} as const;

export async function consegnaRisposta(
  deps: DepsConsegna,
  contesto: ContestoConsegna & { indirizzo: string },
  richiesta: RichiestaRisposta,
): Promise<EsitoConsegnaRisposta> {
  const { db, targets, batcher } = deps;
  const { actor, chiave, impronta, ora } = contesto;

  /** A typing stored or confirmed: the answer it stored, if new, is announced. */
  const digitata = (digitazione: DigitazioneRegistrata): EsitoConsegnaRisposta => {
    if (digitazione.esito === 'confermata' && digitazione.nuova) {
      deps.conta('creata', digitazione.risposta.corretto);
      annunciaConsegna(deps.modifiche, digitazione.risposta);
    }
    return { esito: 'digitazione', digitazione };
  };

  /**
   * What a key this user already used stored (null: nothing), or 422 for
   * another request. Looked up only when the checks refuse (the contest is
   * over, the typed time is now too old: a retry of what was stored while
   * its answer got lost); otherwise the statement that stores answers looks
   * the key up itself, at no extra round trip.
   */
  const giaRegistrata = async (rifiuto: unknown): Promise<EsitoConsegnaRisposta | null> => {
    if (chiave === null || !(rifiuto instanceof ApiError) || rifiuto.status >= 500) return null;
    const stored = await rispostaPerChiave(db, actor.userId!, chiave);
    if (!stored) {
      const typing = await digitazionePerChiave(db, actor.userId!, chiave, impronta);
      if (typing?.esito === 'conflict') throw chiaveRiusata();
      return typing ? digitata(typing) : null;
    }
    const uguale = stored.improntaRichiesta === impronta;
    deps.conta(uguale ? 'ripetuta' : 'conflitto');
    if (!uguale) throw chiaveRiusata();
    return { esito: 'ripetuta', risposta: stored };
  };

  for (let tentativo = 1; ; tentativo++) {
    let checked;
    try {
      const target = await targets.target(richiesta.squadra, richiesta.problema, tentativo > 1);
      const { squadra, problema, evento } = await checkTarget(db, actor, target, richiesta);
      const momento = deliveryTime(actor, evento.access, richiesta, ora, 'risposta');
      if (!answerWindowOpen(actor, evento.access, ora)) {
        throw fieldErrors({ non_field_errors: [MESSAGGI_GARA.garaNonInCorso] });
      }
      checked = { target, squadra, problema, evento, momento };
    } catch (rifiuto) {
      const gia = await giaRegistrata(rifiuto);
      if (gia) return gia;
      throw rifiuto;
    }
    const { target, squadra, problema, evento, momento } = checked;
    const corretto = isAnswerCorrect({
      valore: richiesta.valore,
      valore_exp: richiesta.valore_exp,
      soluzione: problema.soluzione,
      soluzione_exp: problema.soluzioneExp,
      intervallo_validita: problema.intervalloValidita,
    });
    const input: ConsegnaInput = {
      squadraId: squadra.row.id,
      sessioneId: squadra.row.sessioneId,
      problema,
      valore: richiesta.valore,
      valoreExp: richiesta.valore_exp,
      momentoConsegna: momento,
      momentoScelto: richiesta.momento_consegna != null || richiesta.momento_digitazione != null,
      ricevuta: ora,
      corretto,
      inseritaDa: actor.userId,
      indirizzo: contesto.indirizzo,
      chiave,
      impronta,
    };
    /** The database refused stale copies: check again with fresh rows, a few times. */
    const obsoleta = () => {
      targets.forget(target);
      // Only a burst of edits to this very team or problem gets here.
      if (tentativo >= MAX_TENTATIVI) throw apiError('conflict', MESSAGGI_GARA.datiCambiati);
    };
    if (evento.row.doppiaDigitazione) {
      const typing = await registraDigitazione(db, { ...input, inseritaDa: actor.userId! });
      if (typing.esito === 'conflict') throw chiaveRiusata();
      if (typing.esito === 'stale') {
        obsoleta();
        continue;
      }
      return digitata(typing);
    }
    const outcome = await batcher.submit(input);
    deps.conta(COME_METRICA[outcome.esito], corretto);
    if (outcome.esito === 'conflict') throw chiaveRiusata();
    if (outcome.esito === 'stale') {
      obsoleta();
      continue;
    }
    // Another request with this key was stored meanwhile (two tabs): its answer.
    if (outcome.esito === 'replay') return { esito: 'ripetuta', risposta: outcome.row };
    const nuova = outcome.esito === 'created';
    if (nuova) annunciaConsegna(deps.modifiche, outcome.row);
    return { esito: 'registrata', risposta: outcome.row, nuova };
  }
}
