// What follows an applied import, after its commit: the rankings of the
// sessions whose teams changed are rebuilt, and every account it created gets
// the e-mail with the link to choose a password (in the background: a
// national document creates thousands; a failed e-mail is logged, and staff
// can send it again from the back office).
import type { Db } from '../../db/client';
import type { Mailer } from '../../email/mailer';
import { annunciaClassifiche } from '../classifiche';
import type { FlussoModifiche } from '../modifiche';
import { invitaTutti } from '../../auth/inviti';
import { baseUrlDi } from '../../email/messaggi';
import type { CambiImport } from './engine';

export function dopoImportazione(deps: {
  db: Db;
  modifiche: Pick<FlussoModifiche, 'emetti'>;
  mailer: Mailer;
  config: { publicUrl: string | undefined; port: number };
  log: { error(obj: object, msg: string): void };
}): (cambi: CambiImport) => void {
  return (cambi) => {
    annunciaClassifiche(deps.modifiche, cambi.sessioni);
    if (cambi.nuoviAccount.length === 0) return;
    void invitaTutti(
      { db: deps.db, mailer: deps.mailer, baseUrl: baseUrlDi(deps.config), log: deps.log },
      cambi.nuoviAccount,
      cambi.audit,
    );
  };
}
