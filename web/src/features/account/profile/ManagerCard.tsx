// A manager on the profile page: name, contacts, role and, for the owner
// only, the password note and the newsletter flag (spec §2 Profile).
import { RUOLO_LABEL } from '../../../lib/persone';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { LinkButton } from '../../../components/LinkButton';

export interface ManagerCardData {
  id: number | null;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  ruolo: 'sp' | 'ss' | null;
  attivo?: boolean;
  newsletter?: boolean;
  squadre?: number;
  scuole?: number;
}

export const NOTA_PASSWORD = 'La password si cambia dalla pagina';

export function ManagerCard({
  manager,
  proprio = false,
  modificabile = false,
}: {
  manager: ManagerCardData;
  /** The user's own card: password note and newsletter. */
  proprio?: boolean;
  modificabile?: boolean;
}) {
  const nome = `${manager.first_name} ${manager.last_name}`.trim() || manager.username;
  return (
    <Card className="h-100">
      <Card.Body>
        <Card.Title as="h3" className="h5 d-flex flex-wrap align-items-center gap-2">
          {nome}
          {manager.ruolo && (
            <Badge bg={manager.ruolo === 'sp' ? 'primary' : 'secondary'}>
              {RUOLO_LABEL[manager.ruolo]}
            </Badge>
          )}
          {manager.attivo === false && <Badge bg="secondary">non attivo</Badge>}
        </Card.Title>
        <dl className="row mb-0">
          <dt className="col-sm-5">Username</dt>
          <dd className="col-sm-7">{manager.username}</dd>
          <dt className="col-sm-5">Email</dt>
          <dd className="col-sm-7 text-break">{manager.email || '—'}</dd>
          {manager.squadre !== undefined && (
            <>
              <dt className="col-sm-5">Squadre assegnate</dt>
              <dd className="col-sm-7">{manager.squadre}</dd>
            </>
          )}
          {proprio && manager.newsletter !== undefined && (
            <>
              <dt className="col-sm-5">Newsletter</dt>
              <dd className="col-sm-7">{manager.newsletter ? 'sì' : 'no'}</dd>
            </>
          )}
        </dl>
        {proprio && (
          <p className="small text-body-secondary mb-0">
            {NOTA_PASSWORD} <Link to="/accounts/password/">Cambia password</Link>.
          </p>
        )}
        {modificabile && manager.id !== null && (
          <LinkButton
            to={`/modifica-responsabile/${manager.id}/`}
            variant="outline-primary"
            size="sm"
            className="mt-2"
          >
            Modifica
          </LinkButton>
        )}
      </Card.Body>
    </Card>
  );
}
