import type { Squadra } from '@gas/contracts';
import { Fragment } from 'react';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';

const MEMBRI = [
  ['capitano', 'Capitano'],
  ['consegnatore', 'Consegnatore'],
  ['p1', 'Componente'],
  ['p2', 'Componente'],
  ['p3', 'Componente'],
] as const;

/**
 * A team of le-tue-squadre: name, school, venue and members when known; once
 * its contest is over (`attestato`), the link to its certificate (issue 28).
 */
export function SquadraCard({
  squadra,
  polo,
  attestato = false,
}: {
  squadra: Squadra;
  polo?: string;
  attestato?: boolean;
}) {
  const membri = MEMBRI.filter(([key]) => squadra[key]);
  return (
    <Card className="h-100">
      <Card.Body>
        <Card.Title as="h3" className="h5">
          {squadra.nome}
          {squadra.ufficiale && (
            <Badge bg="primary" className="ms-2">
              ufficiale
            </Badge>
          )}
          {squadra.ospite && (
            <Badge bg="secondary" className="ms-2">
              ospite
            </Badge>
          )}
        </Card.Title>
        {squadra.scuola && (
          <Card.Subtitle className="mb-2 text-body-secondary">
            {squadra.scuola.nome}
            {squadra.scuola.indirizzo.citta ? ` — ${squadra.scuola.indirizzo.citta.name}` : ''}
          </Card.Subtitle>
        )}
        {polo && <p className="mb-2">Polo: {polo}</p>}
        {membri.length > 0 && (
          <dl className="row mb-0 small">
            {membri.map(([key, label]) => (
              <Fragment key={key}>
                <dt className="col-5">{label}</dt>
                <dd className="col-7 mb-1">{squadra[key]}</dd>
              </Fragment>
            ))}
          </dl>
        )}
        {attestato && (
          <a
            href={`/api/gas/sessione/${squadra.sessione}/attestati/?squadra=${squadra.id}`}
            download
            className="btn btn-sm btn-outline-success mt-2"
            aria-label={`Attestato di ${squadra.nome} (PDF)`}
          >
            Attestato (PDF)
          </a>
        )}
      </Card.Body>
    </Card>
  );
}
