// /admin/ (issue 14): the back office, its own lazy chunk and layout. Staff
// and superusers only; anyone else sees '403: Permesso negato'. Every page is
// built from the resources' descriptions in @gas/contracts (admin/risorse.ts).
import { GRUPPI_ADMIN, RISORSE_ADMIN } from '@gas/contracts';
import Col from 'react-bootstrap/Col';
import Nav from 'react-bootstrap/Nav';
import Row from 'react-bootstrap/Row';
import { NavLink, Route, Routes } from 'react-router';
import { useCurrentUser } from '../../api/queries';
import { ApiError } from '../../api/errors';
import { ErrorPage } from '../../components/ErrorPage';
import { RequireLogin } from '../../components/RequireLogin';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { ErroriPage, ErrorePage } from './ErroriPage';
import { ImportPage } from './ImportPage';
import { ImpostazioniPage } from './ImpostazioniPage';
import { IndexPage } from './IndexPage';
import { ListPage } from './ListPage';
import { LogPage } from './LogPage';
import { PAGINE } from './pagine';
import { RecordPage } from './RecordPage';

export const SOLO_STAFF_ADMIN = 'L’amministrazione è riservata allo staff.';

function Menu() {
  return (
    <Nav className="flex-column small" as="nav" aria-label="Risorse">
      <Nav.Link as={NavLink} to="/admin/" end>
        Tutte le risorse
      </Nav.Link>
      {GRUPPI_ADMIN.map((gruppo) => (
        <div key={gruppo} className="mt-2">
          <div className="text-uppercase text-body-secondary fw-semibold px-3">{gruppo}</div>
          {RISORSE_ADMIN.filter((r) => r.gruppo === gruppo).map((r) => (
            <Nav.Link key={r.nome} as={NavLink} to={`/admin/${r.nome}/`}>
              {r.etichetta}
            </Nav.Link>
          ))}
          {PAGINE.filter((p) => p.gruppo === gruppo).map((p) => (
            <Nav.Link key={p.percorso} as={NavLink} to={p.percorso}>
              {p.etichetta}
            </Nav.Link>
          ))}
        </div>
      ))}
    </Nav>
  );
}

function Backoffice() {
  useDocumentTitle('Amministrazione');
  return (
    <Row className="py-3">
      <Col lg={2} className="d-none d-lg-block border-end">
        <Menu />
      </Col>
      <Col lg={10}>
        <Routes>
          <Route index element={<IndexPage />} />
          <Route path="log" element={<LogPage />} />
          <Route path="impostazioni-sito" element={<ImpostazioniPage />} />
          <Route path="import" element={<ImportPage />} />
          <Route path="errori" element={<ErroriPage />} />
          <Route path="errori/:id" element={<ErrorePage />} />
          <Route path=":nome" element={<ListPage />} />
          <Route path=":nome/nuovo" element={<RecordPage />} />
          <Route path=":nome/:id" element={<RecordPage />} />
        </Routes>
      </Col>
    </Row>
  );
}

export default function BackofficePage() {
  const { user } = useCurrentUser();
  return (
    <RequireLogin>
      {user.is_staff || user.is_superuser ? (
        <Backoffice />
      ) : (
        <ErrorPage
          error={new ApiError({ kind: 'forbidden', status: 403, detail: SOLO_STAFF_ADMIN })}
        />
      )}
    </RequireLogin>
  );
}
