// The event payload (spec §3 Evento) as the current user may see it.
import { canSeeSoluzioni, eventoPermissionsFor, type Actor, type PoloRef } from '../../policies';
import { presentFile } from '../shared/present-file';
import type { EventoDetails } from '../../gara/eventi/queries';
import { scoringParams } from '../../scores/rows';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentEvento(details: EventoDetails, eventoId: number, actor: Actor, now: Date) {
  const entry = details.eventi.get(eventoId);
  if (!entry) throw new Error(`evento ${eventoId} non caricato`);
  const { row, access } = entry;

  const poloRefs = new Map<number, number[]>();
  for (const p of details.poli.filter((x) => x.eventoId === eventoId)) {
    const list = poloRefs.get(p.id) ?? [];
    if (p.userId !== null) list.push(p.userId);
    poloRefs.set(p.id, list);
  }
  const venues: PoloRef[] = [...poloRefs].map(([id, responsabileUserIds]) => ({
    id,
    responsabileUserIds,
  }));

  const fileFor = (id: number | null) => {
    const file = details.files.find((f) => f.id === id);
    return file ? presentFile(file, access, actor, now) : null;
  };

  const showSolutions = canSeeSoluzioni(actor, access, now);
  const nameOf = (id: number) => {
    const p = details.staffNames.find((n) => n.id === id);
    if (!p) return String(id);
    const full = `${p.firstName} ${p.lastName}`.trim();
    return full || p.username;
  };

  return {
    id: row.id,
    titolo: row.titolo,
    descrizione: row.descrizione,
    inizio: row.inizio.toISOString(),
    fine: row.fine.toISOString(),
    tipologia: row.tipologia,
    ufficiale: row.ufficiale,
    anno: row.anno,
    inizio_iscrizioni: iso(row.inizioIscrizioni),
    fine_iscrizioni: iso(row.fineIscrizioni),
    fine_modifica_squadre: iso(row.fineModificaSquadre),
    fine_consegna_jolly: iso(row.fineConsegnaJolly),
    file_problemi: fileFor(row.fileProblemiId),
    file_soluzioni: fileFor(row.fileSoluzioniId),
    youtube_link: row.youtubeLink,
    pagina_dedicata: row.paginaDedicata,
    doppia_digitazione: row.doppiaDigitazione,
    poli: [...poloRefs.keys()],
    problemi: details.problemi
      .filter((p) => p.eventoId === eventoId)
      .map((p) => ({
        id: p.id,
        nome: p.nome,
        ordine: p.ordine,
        soluzione: showSolutions ? p.soluzione : null,
        soluzione_exp: showSolutions ? p.soluzioneExp : null,
        intervallo_validita: p.intervalloValidita,
        udm_soluzione: p.udmSoluzione,
      })),
    sessioni: details.sessioni
      .filter((s) => s.eventoId === eventoId)
      .map((s) => ({
        id: s.id,
        nome: s.nome,
        ufficiale: s.ufficiale,
        numero_qualificati: s.numeroQualificati,
      })),
    amministratori: [...access.amministratoreIds],
    inseritori: [...access.inseritoreIds],
    amministratori_str: access.amministratoreIds.map(nameOf),
    inseritori_str: access.inseritoreIds.map(nameOf),
    // The scoring parameters, named as @gas/scoring names them.
    ...scoringParams(row),
    permessi: eventoPermissionsFor(actor, access, now, venues),
  };
}
