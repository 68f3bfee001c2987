// Results out of the system (issue 28, items 1-2):
//   GET /api/gas/sessione/{id}/classifica/?formato=csv|xlsx|pdf[&polo={id}]
//   GET /api/gas/evento/{id}/classifica/?formato=xlsx|pdf
//   GET /api/gas/sessione/{id}/attestati/?polo={id} | ?squadra={id}
// Every file is computed at the request from the stored answers
// (classifiche/carica.ts), with the rules of policies/classifiche.ts; a
// session or event the user cannot see does not exist for him (404).
import {
  attestatiQuery,
  classificaEventoQuery,
  classificaSessioneQuery,
  ERROR_RESPONSES,
  idParams,
  MESSAGGI_CLASSIFICHE as M,
} from '@gas/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadEventoWithAccess } from '../../access/queries';
import { attestatiLatex, logoFile, type Attestato } from '../../classifiche/attestati';
import { caricaClassifica } from '../../classifiche/carica';
import { classificaCsv } from '../../classifiche/csv';
import { classificheLatex } from '../../classifiche/pdf';
import {
  impostazioniAttestati,
  poliDellEvento,
  sessioneConEvento,
  sessioniDellEvento,
  squadreRef,
} from '../../classifiche/queries';
import { nomeFile } from '../../classifiche/righe';
import { classificheXlsx } from '../../classifiche/xlsx';
import type { DbOrTx } from '../../db/client';
import { apiError, fieldErrors } from '../../errors';
import {
  CodaPienaError,
  compileLatex,
  PDFLATEX_MANCANTE,
  PdflatexMancanteError,
} from '../../pdf/pdflatex';
import { canDownloadAttestato, canDownloadClassifica, type Actor } from '../../policies';
import type { ApiDeps } from '../deps';
import { sendFile } from './disposition';

/** A generated file's bytes (not JSON). */
const fileResponse = (what: string) => ({
  200: z.unknown().describe(what),
  ...ERROR_RESPONSES,
});

/** The session with its event, if the actor may see its ranking; 404 otherwise. */
async function sessioneVisibile(db: DbOrTx, actor: Actor, id: number) {
  const sessione = await sessioneConEvento(db, id);
  const evento = sessione && (await loadEventoWithAccess(db, sessione.eventoId));
  if (!sessione || !evento || !canDownloadClassifica(actor, evento.access)) {
    throw apiError('not_found');
  }
  return { sessione, evento };
}

/** pdflatex's outcome as the API answers it. */
async function compila(
  request: FastifyRequest,
  source: string,
  files?: Record<string, Buffer>,
): Promise<Buffer> {
  try {
    const result = await compileLatex(source, { files });
    if (result.ok && result.pdf) return result.pdf;
    request.log.error({ log: result.log.slice(-4000) }, 'pdflatex non ha prodotto il PDF');
    throw apiError('server_error', M.pdfNonRiuscito);
  } catch (error) {
    if (error instanceof PdflatexMancanteError) {
      request.log.warn({ motivo: error.motivo }, 'pdflatex non disponibile');
      throw apiError('unavailable', PDFLATEX_MANCANTE);
    }
    if (error instanceof CodaPienaError) throw apiError('unavailable', M.pdfOccupato);
    throw error;
  }
}

export async function classificaRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { db } = deps.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['classifica'];

  r.get(
    '/api/gas/sessione/:id/classifica/',
    {
      schema: {
        response: fileResponse('La classifica: CSV (UTF-8 con BOM, separatore ;), XLSX o PDF'),
        tags,
        operationId: 'downloadClassificaSessione',
        summary: 'Classifica della sessione come file (CSV, XLSX o PDF)',
        description:
          'Calcolata al momento dalle risposte registrate, come la pagina dei punteggi: posizione (nessuna per le squadre ospiti), squadra, scuola, città, polo, ospite, totale e punti per problema, con il jolly indicato. Con `polo` solo le squadre di quel polo, classificate tra loro. Chi vede la pagina dei punteggi (e lo staff) può scaricarla; «Classifica provvisoria» fino alla fine della gara, poi «Classifica finale».',
        params: idParams,
        querystring: classificaSessioneQuery,
      },
    },
    async (request, reply) => {
      const { formato, polo: poloId } = request.query;
      const { sessione } = await sessioneVisibile(db, request.actor, request.params.id);
      let polo: { id: number; nome: string } | null = null;
      if (poloId !== undefined) {
        polo = (await poliDellEvento(db, sessione.eventoId)).find((p) => p.id === poloId) ?? null;
        if (!polo) throw fieldErrors({ polo: [M.poloNonValido] });
      }
      const c = await caricaClassifica(db, sessione.id, { ora: new Date(), polo });
      if (!c) throw apiError('not_found');
      const nome = nomeFile('classifica', c.evento, c.sessione, c.polo ?? '');
      if (formato === 'csv') return sendFile(reply, 'csv', nome, classificaCsv(c));
      if (formato === 'xlsx') return sendFile(reply, 'xlsx', nome, await classificheXlsx([c]));
      return sendFile(reply, 'pdf', nome, await compila(request, classificheLatex([c])));
    },
  );

  r.get(
    '/api/gas/evento/:id/classifica/',
    {
      schema: {
        response: fileResponse('Le classifiche: XLSX (un foglio per sessione) o PDF'),
        tags,
        operationId: 'downloadClassificaEvento',
        summary: 'Classifiche di tutte le sessioni dell’evento come file (XLSX o PDF)',
        description:
          'Un foglio (XLSX) o una sezione (PDF) per sessione, con le stesse colonne e regole della classifica di una sessione.',
        params: idParams,
        querystring: classificaEventoQuery,
      },
    },
    async (request, reply) => {
      const evento = await loadEventoWithAccess(db, request.params.id);
      if (!evento || !canDownloadClassifica(request.actor, evento.access)) {
        throw apiError('not_found');
      }
      const ora = new Date();
      const classifiche = [];
      for (const id of await sessioniDellEvento(db, evento.row.id)) {
        const c = await caricaClassifica(db, id, { ora });
        if (c) classifiche.push(c);
      }
      const nome = nomeFile('classifiche', evento.row.titolo);
      if (request.query.formato === 'xlsx') {
        return sendFile(reply, 'xlsx', nome, await classificheXlsx(classifiche));
      }
      return sendFile(reply, 'pdf', nome, await compila(request, classificheLatex(classifiche)));
    },
  );

  r.get(
    '/api/gas/sessione/:id/attestati/',
    {
      schema: {
        response: fileResponse('Gli attestati (PDF, una pagina per squadra)'),
        tags,
        operationId: 'downloadAttestati',
        summary: 'Attestati delle squadre di un polo o di una squadra (PDF)',
        description:
          'Una pagina per squadra: squadra, scuola, componenti, evento, sessione, data, posizione e punteggio (per le ospiti una riga di partecipazione), con firma e logo dalle impostazioni del sito (`attestati`). Per gli amministratori dell’evento, i responsabili del polo (le squadre del loro polo) e i responsabili della squadra; dopo la fine della gara.',
        params: idParams,
        querystring: attestatiQuery,
      },
    },
    async (request, reply) => {
      const { actor } = request;
      const { sessione, evento } = await sessioneVisibile(db, actor, request.params.id);
      const { polo: poloId, squadra: squadraId } = request.query;
      const [poli, refs] = await Promise.all([
        poliDellEvento(db, sessione.eventoId),
        squadreRef(db, sessione.id),
      ]);
      if (poloId !== undefined && !poli.some((p) => p.id === poloId)) {
        throw fieldErrors({ polo: [M.poloNonValido] });
      }
      if (squadraId !== undefined && !refs.some((s) => s.id === squadraId)) {
        throw fieldErrors({ squadra: [M.squadraNonValida] });
      }
      const scelte = refs.filter((s) =>
        poloId !== undefined ? s.poloId === poloId : s.id === squadraId,
      );
      // Rights before anything else is said about the teams.
      if (scelte.some((s) => !canDownloadAttestato(actor, evento.access, s, poli))) {
        throw apiError('permission_denied');
      }
      const ora = new Date();
      if (ora.getTime() <= sessione.fine.getTime()) {
        throw fieldErrors({ non_field_errors: [M.attestatiPrimaDellaFine] });
      }
      if (scelte.length === 0) throw fieldErrors({ polo: [M.nessunaSquadra] });
      const c = await caricaClassifica(db, sessione.id, { ora });
      if (!c) throw apiError('not_found');
      const classificate = c.righe.filter((x) => !x.ospite).length;
      const ids = new Set(scelte.map((s) => s.id));
      // In ranking order: a venue's pile comes out of the printer as the podium reads.
      const attestati: Attestato[] = c.righe
        .filter((x) => ids.has(x.id))
        .map((x) => {
          const a = c.anagrafica.get(x.id);
          return {
            squadra: x.nome,
            scuola: a?.scuola ?? null,
            citta: a?.citta ?? null,
            componenti: a?.componenti ?? [],
            ospite: x.ospite,
            posizione: x.posizione,
            totale: x.totale,
            classificate,
          };
        });
      const impostazioni = await impostazioniAttestati(db);
      const logo = logoFile(impostazioni);
      const source = attestatiLatex({
        evento: c.evento,
        sessione: c.sessione,
        inizio: c.inizio,
        attestati,
        impostazioni,
        logo: logo?.nome ?? null,
      });
      const pdf = await compila(request, source, logo ? { [logo.nome]: logo.bytes } : undefined);
      const polo = poli.find((p) => p.id === poloId)?.nome;
      const squadra = c.anagrafica.get(squadraId ?? -1)?.nome;
      return sendFile(
        reply,
        'pdf',
        nomeFile('attestati', c.evento, c.sessione, polo ?? squadra ?? ''),
        pdf,
      );
    },
  );
}
