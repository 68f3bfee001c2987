// Field errors of the nested problemi / sessioni lists: foreign or repeated
// ids (from the pure plans) and deletions refused because the contest already
// happened on those rows. Deleting them would cascade to answers and teams.
import type { DbTransaction } from '../../db/client';
import type { FieldErrors } from '../../errors';
import type { ValoriProblema } from '../problemi/problemi';
import type { ValoriSessione } from '../sessioni/sessioni';
import type { Piano } from './valori';
import { problemiConRisposte, sessioniInUso } from './queries';

type Named = { id: number; nome: string };

export function erroriDeiPiani(
  problemi: Piano<ValoriProblema> | null,
  sessioni: Piano<ValoriSessione> | null,
): FieldErrors {
  const errors: FieldErrors = {};
  if (problemi?.errors.length) errors.problemi = [...problemi.errors];
  if (sessioni?.errors.length) errors.sessioni = [...sessioni.errors];
  return errors;
}

export async function erroriDiEliminazione(
  tx: DbTransaction,
  problemi: Piano<ValoriProblema> | null,
  sessioni: Piano<ValoriSessione> | null,
  current: { problemi: Named[]; sessioni: Named[] },
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const nameOf = (list: Named[], id: number) => list.find((x) => x.id === id)?.nome ?? String(id);
  if (problemi && problemi.deletes.length > 0) {
    const used = await problemiConRisposte(tx, problemi.deletes);
    const messages = problemi.deletes
      .filter((id) => used.has(id))
      .map(
        (id) =>
          `Impossibile eliminare il problema ${nameOf(current.problemi, id)}: ci sono già risposte consegnate.`,
      );
    if (messages.length > 0) errors.problemi = messages;
  }
  if (sessioni && sessioni.deletes.length > 0) {
    const used = await sessioniInUso(tx, sessioni.deletes);
    const messages = sessioni.deletes.flatMap((id) => {
      const why = used.get(id);
      if (!why) return [];
      const nome = nameOf(current.sessioni, id);
      return why === 'risposte'
        ? [`Impossibile eliminare la sessione «${nome}»: ci sono già risposte consegnate.`]
        : [`Impossibile eliminare la sessione «${nome}»: ci sono squadre iscritte.`];
    });
    if (messages.length > 0) errors.sessioni = messages;
  }
  return errors;
}
