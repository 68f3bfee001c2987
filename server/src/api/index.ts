// Every API resource, one folder each (routes · schema · queries · present · tests).
import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from './deps';
import { adminRoutes } from './admin/routes';
import { alboDoroRoutes } from './albo-d-oro/routes';
import { authRoutes } from './auth/routes';
import { bigliettiConsegnaRoutes } from './biglietti-consegna/routes';
import { chatTokenRoutes } from './chat-token/routes';
import { classificaRoutes } from './classifica/routes';
import { digitazioneRoutes } from './digitazione/routes';
import { erroriAdminRoutes, erroriRoutes } from './errori/routes';
import { importRoutes } from './import/routes';
import { requireStaff } from './shared/staff';
import { eventiRoutes } from './eventi/routes';
import { eventoRoutes } from './evento/routes';
import { extUserRoutes } from './ext-user/routes';
import { feedRoutes } from './feed/routes';
import { fileProgrammatoRoutes } from './file-programmato/routes';
import { jollyRoutes } from './jolly/routes';
import { messaggiImportantiRoutes } from './messaggi-importanti/routes';
import { poloRoutes } from './polo/routes';
import { problemaRoutes } from './problema/routes';
import { proclamazioneRoutes } from './proclamazione/routes';
import { rispostaRoutes } from './risposta/routes';
import { sessioneRoutes } from './sessione/routes';
import { sitoRoutes } from './sito/routes';
import { squadraRoutes } from './squadra/routes';
import { systemRoutes } from './system/routes';
import { userRoutes } from './user/routes';

const resources = [
  systemRoutes,
  authRoutes,
  eventoRoutes,
  sessioneRoutes,
  problemaRoutes,
  poloRoutes,
  rispostaRoutes,
  eventiRoutes,
  digitazioneRoutes,
  jollyRoutes,
  squadraRoutes,
  userRoutes,
  extUserRoutes,
  chatTokenRoutes,
  fileProgrammatoRoutes,
  messaggiImportantiRoutes,
  bigliettiConsegnaRoutes,
  sitoRoutes,
  alboDoroRoutes,
  feedRoutes,
  classificaRoutes,
  proclamazioneRoutes,
  erroriRoutes,
  backOffice,
];

/** Every /api/admin/ route: staff only (this plugin's scope's hook). */
async function backOffice(app: FastifyInstance, deps: ApiDeps) {
  app.addHook('onRequest', requireStaff);
  for (const routes of [adminRoutes, importRoutes, erroriAdminRoutes]) routes(app, deps);
}

export async function apiRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  for (const resource of resources) await app.register(resource, deps);
}
