import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { APP_VERSION } from '../lib/version';

export function Footer() {
  return (
    <footer className="app-footer border-top bg-body-tertiary py-3 mt-auto">
      <Container
        fluid="xl"
        className="d-flex flex-wrap gap-2 justify-content-between align-items-center small"
      >
        <p className="mb-0">
          GaS - Gara a Squadre di Fisica <span className="text-body-secondary">{APP_VERSION}</span>
        </p>
        <nav aria-label="Informazioni legali">
          <ul className="list-inline mb-0">
            <li className="list-inline-item">
              <Link to="/cookie-policy/">Cookie policy</Link>
            </li>
          </ul>
        </nav>
      </Container>
    </footer>
  );
}
