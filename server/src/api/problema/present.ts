// A problem (spec §3 Problema). The solution is the contest itself: hidden
// unless the policies say this user may see it now.
import type { Problema } from '../../db/schema';

export function presentProblema(p: Problema, showSolution: boolean) {
  return {
    id: p.id,
    evento: p.eventoId,
    nome: p.nome,
    ordine: p.ordine,
    soluzione: showSolution ? p.soluzione : null,
    soluzione_exp: showSolution ? p.soluzioneExp : null,
    intervallo_validita: p.intervalloValidita,
    udm_soluzione: p.udmSoluzione,
  };
}
