// sessione/{pk}/punteggi/ (and its standard-model and scuola/{id} paths): the
// live scores of a session (spec §2 "Scores page").
import type { Evento, Sessione } from '@gas/contracts';
import './punteggi.css';
import { useDeferredValue, useEffect, useMemo } from 'react';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { useParams } from 'react-router';
import { LoaderError } from '../../components/LoaderError';
import { Page } from '../../components/Page';
import { PageLoading } from '../../components/PageLoading';
import { QueryState } from '../../components/QueryState';
import { ScaricaClassifica } from '../../components/ScaricaClassifica';
import { postSessionToServiceWorker } from '../../lib/serviceWorker';
import NotFoundPage from '../../components/NotFoundPage';
import { useServerNowInTransition } from '../../lib/serverNow';
import { useMessaggi } from './messaggi/useMessaggi';
import { useSquadreSeguite } from './elenco/squadreSeguite';
import { AnnunciClassifica } from './annunci/AnnunciClassifica';
import { IncorporaWidget } from './IncorporaWidget';
import { ReplayControl } from './replay/ReplayControl';
import { ScoresHeader } from './ScoresHeader';
import { ScoresTabs } from './ScoresTabs';
import { StandardModelCard } from './StandardModelCard';
import { useScoresData } from './useScoresData';
import { useScoresModel, type ScoresModel } from './useScoresModel';

/** standard: live scores; standard-model: with developer options; scuola: following one school. */
export type PunteggiVariant = 'standard' | 'standard-model' | 'scuola';

function SchoolCard({
  model,
  ids,
  nome,
}: {
  model: ScoresModel;
  ids: ReadonlySet<number>;
  nome: string;
}) {
  const rows = (model.board?.classifica ?? []).filter((r) => ids.has(r.id));
  return (
    <Card className="mb-3" as="section" aria-labelledby="squadre-scuola">
      <Card.Header as="h2" id="squadre-scuola" className="h6">
        Le squadre di {nome}
      </Card.Header>
      {rows.length === 0 ? (
        <Card.Body>Nessuna squadra di questa scuola nella sessione.</Card.Body>
      ) : (
        <Table size="sm" className="mb-0" data-testid="squadre-scuola">
          <thead>
            <tr>
              <th scope="col">Pos.</th>
              <th scope="col">Squadra</th>
              <th scope="col" className="text-end">
                Totale
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>{r.posizione ?? 'osp.'}</td>
                <th scope="row">{r.nome}</th>
                <td className="text-end fw-bold">{r.totale}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Card>
  );
}

function ScoresView(props: {
  variant: PunteggiVariant;
  sessione: Sessione;
  evento: Evento;
  scuolaId: number | null;
  data: ReturnType<typeof useScoresData>;
}) {
  const { sessione, evento, data, variant } = props;
  const model = useScoresModel({ sessione, params: data.params, teams: data.teams });
  // The ranking's tabs are the page's heaviest render: they follow the model
  // a moment later, in a render React splits and interrupts, so neither the
  // first snapshot nor a burst of answers holds a phone's main thread for
  // long (Lighthouse's total blocking time, issue 29); the clock and the
  // header above stay current.
  const tabsModel = useDeferredValue(model);
  const messaggi = useMessaggi(evento.id, sessione.inizio, sessione.fine, model.offset);
  const now = useServerNowInTransition(model.offset, 60_000);
  const schoolTeams = useMemo(() => {
    if (props.scuolaId === null) return undefined;
    const ids = new Set<number>();
    for (const [id, s] of data.teams) if (s.scuola?.id === props.scuolaId) ids.add(id);
    return ids;
  }, [data.teams, props.scuolaId]);
  const schoolName =
    props.scuolaId === null
      ? null
      : ([...data.teams.values()].find((s) => s.scuola?.id === props.scuolaId)?.scuola?.nome ??
        `Scuola ${props.scuolaId}`);
  // Told to screen readers when they move: the viewer's followed teams and,
  // on a school's page, that school's teams.
  const pinned = useSquadreSeguite(sessione.id);
  const seguite = useMemo(
    () => [...new Set([...pinned, ...(schoolTeams ?? [])])],
    [pinned, schoolTeams],
  );
  const schoolIds = useMemo(() => {
    const own = data.user.responsabile?.scuole ?? [];
    return props.scuolaId === null ? own : [...own, props.scuolaId];
  }, [data.user, props.scuolaId]);

  const title =
    variant === 'scuola' && schoolName ? `${sessione.nome} · ${schoolName}` : sessione.nome;
  const rows = model.board?.classifica.length ?? 0;
  // The session's own venues (those of its teams), not all the event's.
  const poli = useMemo(
    () => (data.poli.data ?? []).filter((p) => sessione.poli.includes(p.id)),
    [data.poli.data, sessione.poli],
  );
  return (
    <Page title={title}>
      {variant === 'standard-model' && (
        <p>
          <Badge bg="secondary">Standard model</Badge>
        </p>
      )}
      <ScoresHeader model={model} sessione={sessione} eventoTitolo={evento.titolo} />
      {variant !== 'standard-model' && (
        <div className="mb-3">
          <ScaricaClassifica sessioneId={sessione.id} poli={poli} />
        </div>
      )}
      {variant === 'standard-model' && (
        <StandardModelCard
          real={data.params}
          custom={model.session?.customParams ?? null}
          disabled={!model.session}
          onApply={(params) => model.session?.setCustomParams(params)}
        />
      )}
      {variant === 'scuola' && schoolTeams && schoolName && (
        <SchoolCard model={model} ids={schoolTeams} nome={schoolName} />
      )}
      {/* A private event's widget shows nothing to a school's visitors. */}
      {variant === 'scuola' && props.scuolaId !== null && evento.tipologia !== 'priv' && (
        <IncorporaWidget sessione={sessione.id} scuola={props.scuolaId} />
      )}
      {model.phase === 'dopo' && rows > 0 && model.session && (
        <ReplayControl replay={model.replay} />
      )}
      {model.live.error !== null && (
        <LoaderError error={model.live.error} onRetry={model.live.retry} />
      )}
      <AnnunciClassifica
        classifica={model.board?.classifica}
        seguite={seguite}
        contesto={model.replay.active}
      />
      {tabsModel.board ? (
        <ScoresTabs
          model={tabsModel}
          sessioneId={sessione.id}
          threshold={sessione.numero_qualificati}
          evento={evento}
          user={data.user}
          teams={data.teams}
          poli={poli}
          messaggi={messaggi}
          schoolIds={schoolIds}
          emphasis={schoolTeams}
          now={now}
        />
      ) : (
        !model.live.error && <PageLoading />
      )}
    </Page>
  );
}

export default function PunteggiPage({ variant }: { variant: PunteggiVariant }) {
  const params = useParams();
  const pk = Number(params.pk);
  const valid = Number.isInteger(pk) && pk > 0;
  const scuolaId = variant === 'scuola' ? Number(params.scuolaId) : null;
  const data = useScoresData(valid ? pk : 0);
  useEffect(() => {
    if (!valid) return;
    postSessionToServiceWorker(pk);
    return () => postSessionToServiceWorker(null);
  }, [pk, valid]);
  if (!valid || (scuolaId !== null && !(Number.isInteger(scuolaId) && scuolaId > 0))) {
    return <NotFoundPage />;
  }
  return (
    <QueryState query={data.sessione} errorPageOnMissing>
      {(sessione) => (
        <QueryState query={data.evento} errorPageOnMissing>
          {(evento) => (
            <ScoresView
              key={sessione.id}
              variant={variant}
              sessione={sessione}
              evento={evento}
              scuolaId={scuolaId}
              data={data}
            />
          )}
        </QueryState>
      )}
    </QueryState>
  );
}
