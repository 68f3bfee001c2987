// GET /api/feed/v1/sessione/{id}/?since={token}&stream=false: the open event
// feed for third parties (issue 28, docs/feed.md). Newline-delimited JSON:
// without `since` the state first, then every change of what the ranking is
// made of, each line with the token to resume after it. It follows the
// scores page's visibility (a private event's feed does not exist for
// outsiders and closes when its event turns private), anyone may read it
// from any site (CORS), and an address holds at most a few open at once.
import { feedQuery, idParams, MESSAGGI_FEED, type RigaFeed } from '@gas/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loadEventoWithAccess } from '../../access/queries';
import { apiError } from '../../errors';
import { canSeeEvento, type Actor } from '../../policies';
import type { ApiDeps } from '../deps';
import { ndjsonResponse } from '../shared/responses';
import { sessioneConEvento } from './queries';
import { posizioneDi, righeDopo, rigaStato, tokenDi } from './righe';

/** Open feeds per client address, per instance. */
export const FLUSSI_PER_INDIRIZZO = 4;
/** How often an open feed looks for changes made on other instances. */
const CONTROLLO_MS = 1000;
/** Bytes written and not yet taken by a slow reader before its stream is closed. */
const BUFFER_MASSIMO = 4 * 1024 * 1024;
/** A `ping` line at least this often: proxies keep the connection, clients learn the token. */
const PING_MS = 15_000;

export async function feedRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { db } = deps.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const aperti = new Map<string, number>();

  async function visibile(actor: Actor, sessioneId: number): Promise<boolean> {
    const head = await sessioneConEvento(db, sessioneId);
    const evento = head && (await loadEventoWithAccess(db, head.e.id));
    return evento !== null && canSeeEvento(actor, evento.access);
  }

  r.get(
    '/api/feed/v1/sessione/:id/',
    {
      schema: {
        tags: ['feed'],
        operationId: 'feedSessione',
        summary: 'Feed aperto di una sessione (NDJSON, versione 1)',
        description:
          'Una riga JSON per ogni modifica di ciò che fa la classifica (risposte, jolly, cancellazioni, correzioni, squadre, problemi, tempi della gara, messaggi), ciascuna con un `token`; `since` riprende dopo quella riga. Senza `since` la prima riga è `stato`, lo stato da cui ricostruire la classifica con @gas/scoring. `stream=false`: quello che c’è ora, poi la risposta finisce. Schema di ogni riga: docs/feed.schema.json; guida: docs/feed.md.',
        params: idParams,
        querystring: feedQuery,
        response: ndjsonResponse('rigaFeedSchema'),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { since, stream } = request.query;
      if (!(await visibile(request.actor, id))) throw apiError('not_found');
      const indirizzo = request.ip;
      const segui = stream !== 'false';
      if (segui && (aperti.get(indirizzo) ?? 0) >= FLUSSI_PER_INDIRIZZO) {
        throw apiError('throttled', MESSAGGI_FEED.troppiFlussi);
      }
      let posizione;
      const prime: RigaFeed[] = [];
      if (since === undefined) {
        const stato = await rigaStato(db, id);
        if (!stato) throw apiError('not_found');
        prime.push(stato.riga);
        posizione = stato.posizione;
      } else {
        posizione = posizioneDi(since);
      }
      inizia(reply, segui, request.actor.userId === null);
      for (const riga of prime) scrivi(reply, riga);
      if (!segui) {
        for (let fine = false; !fine;) {
          const letto = await righeDopo(db, id, posizione);
          for (const riga of letto.righe) scrivi(reply, riga);
          ({ posizione, fine } = letto);
        }
        reply.raw.end();
        return reply;
      }
      aperti.set(indirizzo, (aperti.get(indirizzo) ?? 0) + 1);
      let chiuso = false;
      let sveglia: (() => void) | null = null;
      const smetti = deps.modifiche.iscrivi('feed', () => sveglia?.());
      reply.raw.on('close', () => {
        chiuso = true;
        sveglia?.();
      });
      let ultimoInvio = Date.now();
      try {
        while (!chiuso) {
          if (!(await visibile(request.actor, id))) break;
          const letto = await righeDopo(db, id, posizione);
          for (const riga of letto.righe) scrivi(reply, riga);
          if (letto.righe.length > 0) ultimoInvio = Date.now();
          posizione = letto.posizione;
          // A reader that does not keep up is let go (it resumes from its
          // last token) rather than held in this instance's memory.
          if (reply.raw.writableLength > BUFFER_MASSIMO) break;
          if (!letto.fine) continue;
          if (Date.now() - ultimoInvio >= PING_MS) {
            scrivi(reply, { type: 'ping', token: tokenDi(posizione) });
            ultimoInvio = Date.now();
          }
          // Woken by a change committed here, or after a while for the others' changes.
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, CONTROLLO_MS);
            sveglia = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          sveglia = null;
        }
      } catch (err) {
        request.log.error({ err }, 'feed: lettura interrotta');
      } finally {
        smetti();
        const n = (aperti.get(indirizzo) ?? 1) - 1;
        if (n > 0) aperti.set(indirizzo, n);
        else aperti.delete(indirizzo);
        reply.raw.end();
      }
      return reply;
    },
  );
}

function inizia(reply: FastifyReply, segui: boolean, anonimo: boolean): void {
  reply.hijack();
  reply.raw.writeHead(200, {
    'content-type': 'application/x-ndjson; charset=utf-8',
    // Open data: any site may read it; it carries no session.
    'access-control-allow-origin': '*',
    // A finished answer for the public may be kept a few seconds (what a
    // logged-in user reads may hold a private event); a stream never.
    'cache-control': !segui && anonimo ? 'public, max-age=5' : 'no-store',
    // nginx passes each line on at once.
    'x-accel-buffering': 'no',
  });
}

function scrivi(reply: FastifyReply, riga: RigaFeed): void {
  reply.raw.write(`${JSON.stringify(riga)}\n`);
}
