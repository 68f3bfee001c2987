// lista-poli/{pk}/ (spec §2 Venue list): a card per venue of the event, with
// the teams it hosts (issue 26). The teams are the event's list as the server
// gives it to this user (spec §6: the public part of each team, for an event
// the user may see), grouped by venue; those without a venue are listed last.
import { conta, type Polo, type Squadra } from '@gas/contracts';
import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link, useParams } from 'react-router';
import { useEvento } from '../../api/queries';
import { Page } from '../../components/Page';
import { QueryState } from '../../components/QueryState';
import { usePoli, useSquadreEvento } from './api';

export const NESSUN_POLO = 'Questo evento non ha poli.';
export const NESSUNA_SQUADRA_NEL_POLO = 'Nessuna squadra assegnata a questo polo.';
export const SENZA_POLO = 'Squadre senza polo';

/** The teams of a venue by name, with their school and city. */
function ElencoSquadre({ squadre, etichetta }: { squadre: Squadra[]; etichetta: string }) {
  if (squadre.length === 0) return <p className="mb-0">{NESSUNA_SQUADRA_NEL_POLO}</p>;
  return (
    <>
      <p className="mb-1">{conta(squadre.length, 'squadra', 'squadre')}</p>
      <ul
        className="list-unstyled mb-0 squadre-scroll"
        aria-label={etichetta}
        tabIndex={0}
        role="region"
      >
        {squadre.map((s) => (
          <li key={s.id} className="mb-1">
            {s.nome}
            {s.scuola && (
              <span className="small text-body-secondary">
                {' '}
                · {s.scuola.nome}
                {s.scuola.indirizzo.citta ? `, ${s.scuola.indirizzo.citta.name}` : ''}
              </span>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

export function PoloCard({ polo, squadre }: { polo: Polo; squadre?: ReactNode }) {
  return (
    <Card className="h-100">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          {polo.nome_breve}
        </Card.Title>
        {polo.descrizione && <Card.Text>{polo.descrizione}</Card.Text>}
        <dl className="mb-0">
          <dt>Indirizzo</dt>
          <dd>
            {polo.indirizzo || '—'}
            {polo.citta && !polo.indirizzo.includes(polo.citta.name) ? `, ${polo.citta.name}` : ''}
          </dd>
          <dt>Responsabili</dt>
          <dd>
            {polo.responsabili.length === 0 ? (
              '—'
            ) : (
              <ul className="list-unstyled mb-0">
                {polo.responsabili.map((r) => (
                  <li key={r.email || `${r.first_name} ${r.last_name}`}>
                    {`${r.first_name} ${r.last_name}`.trim()}
                    {r.email && (
                      <>
                        {' '}
                        <a href={`mailto:${r.email}`} className="text-break">
                          {r.email}
                        </a>
                      </>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </dd>
          <dt>Capacità massima</dt>
          <dd className="mb-0">
            {polo.capacita_massima_squadre === null
              ? 'non indicata'
              : conta(polo.capacita_massima_squadre, 'squadra', 'squadre')}
          </dd>
          {squadre !== undefined && (
            <>
              <dt className="mt-2">Squadre</dt>
              <dd className="mb-0">{squadre}</dd>
            </>
          )}
        </dl>
      </Card.Body>
    </Card>
  );
}

export default function ListaPoliPage() {
  const id = Number(useParams().pk);
  const evento = useEvento(id);
  const poli = usePoli(id);
  const squadre = useSquadreEvento(id);
  const perPolo = (polo: number | null) =>
    (squadre.data ?? [])
      .filter((s) => s.polo === polo)
      .sort((a, b) => a.nome.localeCompare(b.nome, 'it'));
  /** The venue's teams, or the list's state while it loads or when it failed. */
  const squadreDi = (polo: Polo) => (
    <QueryState query={squadre} loading={<span className="text-body-secondary">…</span>}>
      {() => <ElencoSquadre squadre={perPolo(polo.id)} etichetta={`Squadre ${polo.nome_breve}`} />}
    </QueryState>
  );
  const senzaPolo = perPolo(null);
  return (
    <Page title="Lista poli">
      <QueryState query={evento} errorPageOnMissing>
        {(e) => (
          <>
            <p className="lead">
              <Link to={`/evento/${e.id}/`}>{e.titolo}</Link>
            </p>
            <QueryState query={poli}>
              {(list) =>
                list.length === 0 ? (
                  <p>{NESSUN_POLO}</p>
                ) : (
                  <>
                    <Row xs={1} md={2} xl={3} className="g-3">
                      {[...list]
                        .sort((a, b) => a.nome_breve.localeCompare(b.nome_breve, 'it'))
                        .map((p) => (
                          <Col key={p.id}>
                            <PoloCard polo={p} squadre={squadreDi(p)} />
                          </Col>
                        ))}
                    </Row>
                    {senzaPolo.length > 0 && (
                      <section aria-labelledby="senza-polo" className="mt-4">
                        <h2 id="senza-polo" className="h5">
                          {SENZA_POLO}
                        </h2>
                        <ElencoSquadre squadre={senzaPolo} etichetta={SENZA_POLO} />
                      </section>
                    )}
                  </>
                )
              }
            </QueryState>
          </>
        )}
      </QueryState>
    </Page>
  );
}
