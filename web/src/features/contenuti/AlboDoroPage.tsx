// Albo d'oro: the podium of every session of the concluded official events,
// from their final rankings (GET /api/gas/albo-d-oro/).
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import type { AlboEvento } from '@gas/contracts';
import { useAlboDoro } from '../../api/sito';
import { Page } from '../../components/Page';
import { QueryState } from '../../components/QueryState';
import { ScrollTable } from '../../components/ScrollTable';
import { formatDateLong } from '../../lib/romeTime';

function Podio({ sessione }: { sessione: AlboEvento['sessioni'][number] }) {
  return (
    <Card className="h-100">
      <Card.Body>
        <h3 className="h5 card-title">{sessione.nome}</h3>
        {sessione.podio.length === 0 ? (
          <p className="mb-0">Nessuna squadra classificata.</p>
        ) : (
          <ScrollTable label={`Podio di ${sessione.nome}`}>
            <Table size="sm" className="mb-2">
              <caption className="visually-hidden">Podio di {sessione.nome}</caption>
              <thead>
                <tr>
                  <th scope="col">Pos.</th>
                  <th scope="col">Squadra</th>
                  <th scope="col" className="text-end">
                    Punti
                  </th>
                </tr>
              </thead>
              <tbody>
                {sessione.podio.map((v) => (
                  <tr key={v.id}>
                    <td>
                      <span className={`medaglia medaglia--${v.posizione}`} aria-hidden="true" />
                      {v.posizione}°
                    </td>
                    <td>
                      <span className="fw-semibold">{v.nome}</span>
                      {v.scuola && (
                        <div className="small">
                          {v.scuola.nome}
                          {v.scuola.citta && ` (${v.scuola.citta})`}
                        </div>
                      )}
                    </td>
                    <td className="text-end">{v.totale}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </ScrollTable>
        )}
        <Link to={`/sessione/${sessione.id}/punteggi/`}>
          Classifica completa<span className="visually-hidden"> di {sessione.nome}</span>
        </Link>
      </Card.Body>
    </Card>
  );
}

export default function AlboDoroPage() {
  const query = useAlboDoro();
  return (
    <Page title="Albo d'oro">
      <p className="lead">
        Le squadre vincitrici delle gare ufficiali, dalle classifiche finali di ogni sessione.
      </p>
      <QueryState query={query}>
        {(eventi) =>
          eventi.length === 0 ? (
            <p>Nessuna gara ufficiale conclusa.</p>
          ) : (
            eventi.map((evento) => (
              <section key={evento.id} className="mb-5" aria-labelledby={`albo-${evento.id}`}>
                <h2 id={`albo-${evento.id}`} className="h3">
                  <Link to={`/evento/${evento.id}/`}>{evento.titolo}</Link>
                </h2>
                <p className="text-body-secondary">
                  <time dateTime={evento.inizio}>{formatDateLong(evento.inizio)}</time>
                </p>
                <Row xs={1} lg={2} className="g-3">
                  {evento.sessioni.map((s) => (
                    <Col key={s.id}>
                      <Podio sessione={s} />
                    </Col>
                  ))}
                </Row>
              </section>
            ))
          )
        }
      </QueryState>
    </Page>
  );
}
