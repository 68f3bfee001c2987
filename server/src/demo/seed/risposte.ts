// A full, realistic set of answers for the concluded event: each team picks a
// joker in the first 10 minutes, then works through the problems in roughly
// their order, sometimes missing and retrying, until the two hours are over.
import type { DbTransaction } from '../../db/client';
import { jolly, risposta, type NewRisposta, type Problema } from '../../db/schema';
import type { EventoDemo } from './eventi';
import { rispostaCorretta } from './problemi';
import { chunks, type Random } from './random';
import { SCUOLE_PRINCIPALE } from './scuole';
import type { SquadraDemo } from './squadre';
import type { UtentiDemo } from './utenti';

const MINUTE = 60_000;
const clamp = (x: number, low: number, high: number) => Math.min(high, Math.max(low, x));

/** A clearly wrong value for a problem: wrong factor, wrong exponent or wrong sign. */
function valoreErrato(random: Random, p: Problema): { valore: string; valoreExp: number } {
  const strategy = random.int(0, 2);
  const candidates = [
    {
      valore: String(
        Number((p.soluzione * random.pick([0.31, 0.5, 0.62, 1.5, 1.9, 2.7])).toPrecision(3)),
      ),
      valoreExp: p.soluzioneExp,
    },
    { valore: String(p.soluzione), valoreExp: p.soluzioneExp + random.pick([-3, -2, -1, 1, 2]) },
    { valore: String(-p.soluzione || 1), valoreExp: p.soluzioneExp },
  ];
  const rotated = [...candidates.slice(strategy), ...candidates.slice(0, strategy)];
  return rotated.find((c) => !rispostaCorretta(p, c.valore, c.valoreExp)) ?? candidates[1]!;
}

export async function insertRisposte(
  tx: DbTransaction,
  random: Random,
  evento: EventoDemo,
  squadre: SquadraDemo[],
  utenti: UtentiDemo,
) {
  const start = evento.inizio.getTime();
  const end = evento.fine.getTime();
  const difficolta = new Map(evento.problemi.map((p) => [p.id, random.between(0.1, 0.85)]));
  const own = new Set<string | null>(SCUOLE_PRINCIPALE);
  const rows: (NewRisposta & { date: Date })[] = [];
  const at = (t: number) => {
    const date = new Date(Math.round(t));
    // Network and queueing delay: mostly under a second and a half, a few stragglers.
    const latency = random.chance(0.93) ? random.between(120, 1500) : random.between(1500, 6000);
    return {
      momentoConsegna: date,
      date,
      dateReceived: new Date(date.getTime() + Math.round(latency)),
    };
  };

  for (const squadra of squadre) {
    const base = {
      squadraId: squadra.id,
      sessioneId: squadra.sessioneId,
      inseritaDa: own.has(squadra.scuolaKey) ? utenti.principale.userId : utenti.admin.userId,
    };
    const bravura = random.between(0.3, 0.95);
    const scelta = random.pick(evento.problemi.slice(0, 12));
    rows.push({
      ...base,
      ...at(start + random.between(0.5, 9.5) * MINUTE),
      problemaId: scelta.id,
      kind: 'j',
      valore: '',
      valoreExp: 0,
      corretto: null,
    });

    const ordine = [...evento.problemi].sort(
      (a, b) => a.ordine + random.between(0, 7) - (b.ordine + random.between(0, 7)),
    );
    let t = start + random.between(3, 8) * MINUTE;
    for (const p of ordine) {
      const d = difficolta.get(p.id)!;
      if (!random.chance(clamp(0.25 + bravura - d * 0.5, 0.05, 0.95))) continue;
      const pCorretta = clamp(0.55 + bravura * 0.45 - d * 0.35, 0.2, 0.97);
      for (let tentativo = 0; tentativo < 3; tentativo++) {
        t += random.between(1.5, 8) * (0.6 + d) * MINUTE;
        if (t >= end) break;
        const giusta = random.chance(pCorretta);
        const value = giusta
          ? { valore: String(p.soluzione), valoreExp: p.soluzioneExp }
          : valoreErrato(random, p);
        rows.push({
          ...base,
          ...at(t),
          ...value,
          problemaId: p.id,
          kind: 'r',
          corretto: rispostaCorretta(p, value.valore, value.valoreExp),
        });
        if (giusta || !random.chance(0.5)) break;
      }
      if (t >= end) break;
    }
  }

  // Ids follow the delivery time, as they would in a real contest.
  rows.sort((a, b) => a.date.getTime() - b.date.getTime());
  const jollyRows = [];
  for (const batch of chunks(rows)) {
    const inserted = await tx
      .insert(risposta)
      .values(batch)
      .returning({ id: risposta.id, kind: risposta.kind });
    for (const [i, row] of inserted.entries()) {
      const source = batch[i]!;
      if (row.kind === 'j') {
        jollyRows.push({
          squadraId: source.squadraId,
          problemaId: source.problemaId,
          rispostaId: row.id,
          createdAt: source.date,
        });
      }
    }
  }
  await tx.insert(jolly).values(jollyRows);
  return { risposte: rows.length, jolly: jollyRows.length };
}
