// lista-poli/{pk}/ (spec §2 Venue list): a card per venue of the event.
import { conta, type Polo } from '@gas/contracts';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link, useParams } from 'react-router';
import { useEvento } from '../../api/queries';
import { Page } from '../../components/Page';
import { QueryState } from '../../components/QueryState';
import { usePoli } from './api';

export const NESSUN_POLO = 'Questo evento non ha poli.';

export function PoloCard({ polo }: { polo: Polo }) {
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
        </dl>
      </Card.Body>
    </Card>
  );
}

export default function ListaPoliPage() {
  const id = Number(useParams().pk);
  const evento = useEvento(id);
  const poli = usePoli(id);
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
                  <Row xs={1} md={2} xl={3} className="g-3">
                    {[...list]
                      .sort((a, b) => a.nome_breve.localeCompare(b.nome_breve, 'it'))
                      .map((p) => (
                        <Col key={p.id}>
                          <PoloCard polo={p} />
                        </Col>
                      ))}
                  </Row>
                )
              }
            </QueryState>
          </>
        )}
      </QueryState>
    </Page>
  );
}
