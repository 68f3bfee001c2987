// POST /api/gas/biglietti-consegna/ {squadre: [names], content, sessione?}:
// the delivery slips of a venue's teams, as LaTeX source or as a PDF compiled
// by the system's pdflatex. Answers {success, pdf_b64, log_b64, source}; a
// failed compilation is `success: false` with its log. Refused on the days an
// official event runs (spec §9).
import { bigliettiConsegnaSchema } from '@gas/contracts';
import { ok } from '../shared/responses';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGGI_PERSONE as M, bigliettiConsegnaRequest } from '@gas/contracts';
import type { ApiDeps } from '../deps';
import { apiError, fieldErrors } from '../../errors';
import { canSeeDeliverySlips, canSeeEvento } from '../../policies';
import { loadEventiWithAccess } from '../../access/queries';
import { GIORNO_GARA_UFFICIALE, giornoRoma } from '../../gara/giorno-gara';
import { bigliettiSource } from './latex';
import {
  CodaPienaError,
  compileLatex,
  PDFLATEX_MANCANTE,
  PdflatexMancanteError,
} from '../../pdf/pdflatex';
import { officialEventsBetween, slipContext, squadreByNome, venueManagers } from './queries';

export type BigliettiResponse = {
  success: boolean;
  pdf_b64: string;
  log_b64: string;
  source: string;
};

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

function loginRequired(request: FastifyRequest) {
  if (request.actor.userId === null) throw apiError('not_authenticated');
  return Promise.resolve();
}

export async function bigliettiConsegnaRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { db } = deps.database;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/gas/biglietti-consegna/',
    {
      preValidation: loginRequired,
      schema: {
        response: ok(bigliettiConsegnaSchema),
        tags: ['biglietti-consegna'],
        summary: 'Bigliettini di consegna delle squadre di un polo (sorgente LaTeX o PDF)',
        description:
          'Superutenti e responsabili del polo. Un bigliettino per squadra e problema più uno per il jolly. `content: "pdf"` compila con pdflatex (può richiedere fino a circa un minuto); `success: false` con il log se la compilazione fallisce. Disabilitato (403) nei giorni in cui si svolge un evento ufficiale.',
        body: bigliettiConsegnaRequest,
      },
    },
    async (request) => {
      const { actor } = request;
      const nomi = [...new Set(request.body.squadre)];
      const found = await squadreByNome(db, nomi, request.body.sessione);
      const eventi = await loadEventiWithAccess(db, [...new Set(found.map((s) => s.eventoId))]);
      // Teams of events the user cannot see are as good as missing.
      const visible = found.filter((s) => {
        const e = eventi.get(s.eventoId);
        return e !== undefined && canSeeEvento(actor, e.access);
      });
      const missing = nomi.filter((n) => !visible.some((s) => s.nome === n));
      if (missing.length > 0)
        throw fieldErrors({ squadre: [`${M.squadraSconosciuta} (${missing[0]})`] });
      // Names are unique within a session only (with `sessione` there is one).
      if (new Set(visible.map((s) => s.sessioneId)).size > 1) {
        throw fieldErrors({ sessione: [M.sessioneAmbigua] });
      }
      const senzaPolo = visible.find((s) => s.poloId === null);
      if (senzaPolo) throw fieldErrors({ squadre: [`${M.squadraSenzaPolo} (${senzaPolo.nome})`] });
      // Every venue of the request must be one the user may print slips for.
      const managers = await venueManagers(db, [...new Set(visible.map((s) => s.poloId!))]);
      for (const [id, responsabileUserIds] of managers) {
        if (!canSeeDeliverySlips(actor, [{ id, responsabileUserIds }])) {
          throw apiError('permission_denied');
        }
      }
      const { inizio, fine } = giornoRoma(new Date());
      if ((await officialEventsBetween(db, inizio, fine)).length > 0) {
        throw apiError('permission_denied', GIORNO_GARA_UFFICIALE);
      }

      const sessioneId = visible[0]!.sessioneId;
      const context = await slipContext(db, sessioneId, [...managers.keys()]);
      if (!context) throw apiError('not_found');
      const byName = (a: string, b: string) => a.localeCompare(b, 'it');
      const source = bigliettiSource({
        evento: context.evento,
        sessione: context.sessione,
        problemi: context.problemi,
        poli: context.poli.map((p) => ({
          nome: p.nome,
          squadre: visible
            .filter((s) => s.poloId === p.id)
            .map((s) => s.nome)
            .sort(byName),
        })),
      });
      if (request.body.content === 'source') {
        return { success: true, pdf_b64: '', log_b64: '', source } satisfies BigliettiResponse;
      }
      let result;
      try {
        result = await compileLatex(source);
      } catch (error) {
        if (error instanceof PdflatexMancanteError) {
          request.log.warn({ motivo: error.motivo }, 'pdflatex non disponibile');
          throw apiError('unavailable', PDFLATEX_MANCANTE);
        }
        if (error instanceof CodaPienaError) {
          throw apiError(
            'unavailable',
            'Troppi bigliettini in preparazione: riprova tra un minuto.',
          );
        }
        throw error;
      }
      return {
        success: result.ok,
        pdf_b64: result.pdf ? result.pdf.toString('base64') : '',
        log_b64: b64(result.log),
        source,
      } satisfies BigliettiResponse;
    },
  );
}
