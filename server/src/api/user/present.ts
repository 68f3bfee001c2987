// A manager as the profile page and the secondary-manager form read it.
// Never the password hash; the newsletter flag only to its owner (and the
// superuser): it is the person's own consent to e-mails.
import {
  canEditResponsabile,
  canEditResponsabileAssignments,
  canManageResponsabilePreferences,
  type Actor,
} from '../../policies';
import { targetOf, type Manager } from './queries';

export function presentManager(m: Manager, actor: Actor) {
  const target = targetOf(m);
  const r = m.responsabile;
  return {
    id: m.user.id,
    username: m.user.username,
    first_name: m.user.firstName,
    last_name: m.user.lastName,
    email: m.user.email,
    responsabile: {
      id: r.id,
      user: m.user.id,
      ruolo: r.ruolo,
      attivo: r.attivo,
      puo_iscriversi_gare_ufficiali: r.puoIscriversiGareUfficiali,
      ...(canManageResponsabilePreferences(actor, target) ? { newsletter: r.newsletter } : {}),
      scuole: m.scuole,
      squadre: m.squadre,
    },
    /** The edit form may be opened (preferences at least). */
    puo_modificare: canEditResponsabile(actor, target),
    /** Teams and schools may be changed. */
    puo_modificare_assegnazioni: canEditResponsabileAssignments(actor, target),
  };
}
