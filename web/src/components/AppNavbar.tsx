import { useState } from 'react';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import NavDropdown from 'react-bootstrap/NavDropdown';
import Navbar from 'react-bootstrap/Navbar';
import { Link, NavLink, useLocation } from 'react-router';
import { useCurrentUser, useEventoCorrente } from '../api/queries';
import { seasonLabel, seasons } from '../lib/seasons';
import { NavDropdownDopoIlPrimoCommit } from './dopoIlPrimoCommit';
import { UserMenu } from './UserMenu';

function NavItemLink({ to, children }: { to: string; children: string }) {
  return (
    <Nav.Link as={NavLink} to={to} end>
      {children}
    </Nav.Link>
  );
}

/**
 * Mobile menu state: opened by the toggler, closed by any navigation. (Bootstrap's
 * `collapseOnSelect` needs an `eventKey` on every item, which puts an invalid
 * aria-selected on dropdown links.)
 */
function useCollapseOnNavigation() {
  const { key } = useLocation();
  const [expanded, setExpanded] = useState(false);
  const [lastKey, setLastKey] = useState(key);
  if (key !== lastKey) {
    setLastKey(key);
    setExpanded(false);
  }
  return [expanded, setExpanded] as const;
}

function EventiMenu() {
  const { pathname } = useLocation();
  const items = [
    { to: '/eventi/', label: 'Tutti gli eventi' },
    ...seasons().map((anno) => ({ to: `/eventi/anno/${anno}/`, label: seasonLabel(anno) })),
  ];
  return (
    <NavDropdownDopoIlPrimoCommit
      title="Eventi"
      id="menu-eventi"
      active={pathname.startsWith('/eventi')}
    >
      {items.map(({ to, label }) => (
        <NavDropdown.Item key={to} as={NavLink} to={to} end>
          {label}
        </NavDropdown.Item>
      ))}
      <NavDropdown.Divider />
      <NavDropdown.Item as={NavLink} to="/eventi/non-ufficiali/" end>
        Eventi non ufficiali
      </NavDropdown.Item>
    </NavDropdownDopoIlPrimoCommit>
  );
}

// The links that depend on the API's answers are components of their own, so
// that an answer re-renders them alone: the whole navbar (its menus, a dozen
// links) rendered again for each of the first answers, the user's and the
// events', was a blocking render of 10-34 ms on every page's start here (x4
// on a phone; docs/performance.md, "a twelfth session").
function EventoCorrenteLink() {
  const evento = useEventoCorrente();
  return evento && <NavItemLink to={`/evento/${evento.id}/`}>Evento corrente</NavItemLink>;
}

/** A manager's way in to his teams (issue 26). */
function LeMieSquadreLink() {
  const { user } = useCurrentUser();
  return user.responsabile && <NavItemLink to="/le-mie-squadre/">Le mie squadre</NavItemLink>;
}

export function AppNavbar() {
  const [expanded, setExpanded] = useCollapseOnNavigation();
  return (
    <Navbar
      expand="lg"
      bg="dark"
      data-bs-theme="dark"
      expanded={expanded}
      onToggle={setExpanded}
      className="app-navbar"
      aria-label="Navigazione principale"
    >
      <Container fluid="xl">
        <Navbar.Brand as={Link} to="/" className="d-flex align-items-center gap-2 fw-bold">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          GaS
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="navbar-principale" label="Apri o chiudi il menu" />
        <Navbar.Collapse id="navbar-principale">
          <Nav className="me-auto">
            <EventoCorrenteLink />
            <LeMieSquadreLink />
            <EventiMenu />
            <NavItemLink to="/albo-d-oro/">Albo d&apos;oro</NavItemLink>
            <NavItemLink to="/regolamento/">Regolamento</NavItemLink>
            <NavItemLink to="/sponsor/">Sponsor</NavItemLink>
            <NavItemLink to="/about-us/">Chi siamo</NavItemLink>
          </Nav>
          <UserMenu />
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
