// eventi/, eventi/anno/{anno}/, eventi/non-ufficiali/ and evento/{pk}/: one
// page (spec §2). Lists show 'Eventi programmati' and 'Eventi passati'.
import { FILTRO_EVENTI_NON_UFFICIALI, FILTRO_EVENTI_UFFICIALI, type Evento } from '@gas/contracts';
import { Link, useParams } from 'react-router';
import { useEvento, useEventi } from '../../api/queries';
import { Page } from '../../components/Page';
import { PageLoading } from '../../components/PageLoading';
import { QueryState } from '../../components/QueryState';
import { seasonLabel, seasons } from '../../lib/seasons';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import NotFoundPage from '../../components/NotFoundPage';
import { eventiDellAnno, isPastSeason, splitEventi } from './blocks';
import { EventoCard } from './EventoCard';

/** The lists and the single event are one page (spec §2); the scope picks what it shows. */
export type EventiScope = 'ufficiali' | 'anno' | 'non-ufficiali' | 'evento';

export const NESSUN_EVENTO_PROGRAMMATO = 'Nessun evento programmato al momento.';

function title(scope: EventiScope, anno: number): string {
  switch (scope) {
    case 'ufficiali':
      return 'Eventi';
    case 'anno':
      return Number.isInteger(anno) ? `Eventi - ${seasonLabel(anno)}` : 'Eventi';
    case 'non-ufficiali':
      return 'Eventi non ufficiali';
    case 'evento':
      return 'Evento';
  }
}

function Blocchi({ eventi, hideProgrammati }: { eventi: Evento[]; hideProgrammati: boolean }) {
  const { programmati, passati } = splitEventi(eventi);
  // A past season hides its scheduled block: with no past events either, the
  // page would be a bare heading, so it says there is nothing.
  if (hideProgrammati && passati.length === 0) return <p>{NESSUN_EVENTO_PROGRAMMATO}</p>;
  return (
    <>
      {!hideProgrammati && (
        <section aria-labelledby="eventi-programmati" className="mb-5">
          <h2 id="eventi-programmati" className="h3 mb-3">
            Eventi programmati
          </h2>
          {programmati.length === 0 ? (
            <p>{NESSUN_EVENTO_PROGRAMMATO}</p>
          ) : (
            programmati.map((e) => <EventoCard key={e.id} evento={e} level={3} />)
          )}
        </section>
      )}
      {passati.length > 0 && (
        <section aria-labelledby="eventi-passati">
          <h2 id="eventi-passati" className="h3 mb-3">
            Eventi passati
          </h2>
          {passati.map((e) => (
            <EventoCard key={e.id} evento={e} level={3} />
          ))}
        </section>
      )}
    </>
  );
}

function SeasonLinks({ current }: { current?: number }) {
  return (
    <nav aria-label="Stagioni" className="mb-4">
      <ul className="nav nav-pills flex-wrap gap-1">
        <li className="nav-item">
          <Link className={`nav-link${current === undefined ? ' active' : ''}`} to="/eventi/">
            Tutti
          </Link>
        </li>
        {seasons().map((anno) => (
          <li key={anno} className="nav-item">
            <Link
              className={`nav-link${current === anno ? ' active' : ''}`}
              aria-current={current === anno ? 'page' : undefined}
              to={`/eventi/anno/${anno}/`}
            >
              {anno - 1}-{anno}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ListaEventi({ scope, anno }: { scope: Exclude<EventiScope, 'evento'>; anno: number }) {
  const query = useEventi(
    scope === 'non-ufficiali' ? FILTRO_EVENTI_NON_UFFICIALI : FILTRO_EVENTI_UFFICIALI,
  );
  return (
    <Page title={title(scope, anno)}>
      {scope !== 'non-ufficiali' && <SeasonLinks current={scope === 'anno' ? anno : undefined} />}
      {scope === 'non-ufficiali' && (
        <p className="lead">Eventi di allenamento organizzati dai docenti, pubblici o privati.</p>
      )}
      <QueryState query={query}>
        {(eventi) => (
          <Blocchi
            eventi={scope === 'anno' ? eventiDellAnno(eventi, anno) : eventi}
            hideProgrammati={scope === 'anno' && isPastSeason(anno)}
          />
        )}
      </QueryState>
    </Page>
  );
}

function SingoloEvento({ pk }: { pk: number }) {
  const query = useEvento(pk);
  useDocumentTitle(query.data?.titolo ?? 'Evento');
  return (
    <QueryState query={query} errorPageOnMissing loading={<PageLoading />}>
      {(evento) => (
        <>
          <h1 className="mb-4">{evento.titolo}</h1>
          <EventoCard evento={evento} verbose level={null} />
        </>
      )}
    </QueryState>
  );
}

export default function EventiPage({ scope }: { scope: EventiScope }) {
  const { anno, pk } = useParams();
  if (scope === 'evento') {
    const id = Number(pk);
    return Number.isInteger(id) && id > 0 ? <SingoloEvento pk={id} /> : <NotFoundPage />;
  }
  return <ListaEventi scope={scope} anno={Number(anno)} />;
}
