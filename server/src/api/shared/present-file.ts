// The file object of spec §3 (File), as the event payload and the file list show it.
import { canSeeFile, fileIsPublic, type Actor, type EventoAccess } from '../../policies';
import type { FileMeta } from '../../gara/file/queries';

export const contenutoUrl = (id: number) => `/api/gas/file-programmato/${id}/contenuto/`;

/**
 * `pubblico` says whether this user may download the file now (the tile is
 * green), `pubblicato` whether everyone may (administrators see their files
 * before publication and need to tell the two apart).
 */
export function presentFile(file: FileMeta, access: EventoAccess, actor: Actor, now: Date) {
  const visible = canSeeFile(actor, access, file, now);
  return {
    id: file.id,
    evento: file.eventoId,
    tipologia: file.tipologia,
    data: file.data.toISOString(),
    pubblico: visible,
    pubblicato: fileIsPublic(access, file, now),
    nome_file: file.nomeFile,
    dimensione: file.dimensione,
    programmed_path_url: visible ? contenutoUrl(file.id) : null,
  };
}
