// After a commit that changed what rankings are made of besides answers
// (a session's name or qualified count; a team's name, venue, guest flag,
// penalty; teams imported): the sessions' rankings are rebuilt.
import type { FlussoModifiche } from './modifiche';

export function annunciaClassifiche(
  modifiche: Pick<FlussoModifiche, 'emetti'>,
  sessioni: readonly unknown[],
): void {
  const ids = [...new Set(sessioni.filter((s): s is number => typeof s === 'number'))];
  if (ids.length > 0) modifiche.emetti({ tipo: 'classifiche_da_ricalcolare', sessioni: ids });
}
