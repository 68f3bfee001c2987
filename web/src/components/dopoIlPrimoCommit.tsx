// Dropdowns mounted after the app's first commit, drawn until then as their
// closed toggle alone.
//
// Why: react-bootstrap's Dropdown keeps its toggle element in state, set from
// a ref callback while React commits. An update made during a commit is
// synchronous, and before a synchronous render React runs every effect still
// pending: on a phone's first load every effect of the page (its queries'
// first fetches, the live feeds) ran in the task of the app's first commit,
// 45-72 ms of one task unthrottled, four times that on Lighthouse's phone
// (docs/performance.md, 28 November). Mounted after that commit, in a
// transition, a dropdown's own update is small and the page's effects run in
// a task of their own.
//
// The toggle drawn first is the markup the dropdown draws closed (tests hold
// them equal): nothing moves when it is replaced. A click, Enter or Space on
// it before then opens the menu once it is there, and the focus stays on it.
import {
  startTransition,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import NavDropdown from 'react-bootstrap/NavDropdown';

/**
 * For a dropdown whose toggle has `id`: whether to mount it yet, whether it
 * opens at once (asked for before), and the handlers of the toggle drawn
 * until then.
 */
export function useMenuDopoIlPrimoCommit(id: string) {
  const [montato, setMontato] = useState(false);
  const [apriSubito, setApriSubito] = useState(false);
  const focalizzato = useRef(false);
  useEffect(() => startTransition(() => setMontato(true)), []);
  useEffect(() => {
    if (montato && focalizzato.current) document.getElementById(id)?.focus();
  }, [montato, id]);
  const apri = () => {
    focalizzato.current = document.activeElement?.id === id;
    setApriSubito(true);
  };
  const toggleProvvisorio = {
    onClick: (event: MouseEvent) => {
      event.preventDefault();
      apri();
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== ' ') return;
      event.preventDefault();
      apri();
    },
  };
  return { montato, apriSubito, toggleProvvisorio };
}

type NavProps = { id: string; title: string; active?: boolean; children: ReactNode };

/** The navbar's NavDropdown, mounted after the first commit. */
export function NavDropdownDopoIlPrimoCommit({ id, title, active = false, children }: NavProps) {
  const { montato, apriSubito, toggleProvvisorio } = useMenuDopoIlPrimoCommit(id);
  if (montato) {
    return (
      <NavDropdown title={title} id={id} active={active} defaultShow={apriSubito}>
        {children}
      </NavDropdown>
    );
  }
  return (
    <div className="nav-item dropdown">
      <a
        id={id}
        aria-expanded="false"
        role="button"
        className={`dropdown-toggle nav-link${active ? ' active' : ''}`}
        tabIndex={0}
        href="#"
        {...toggleProvvisorio}
      >
        {title}
      </a>
    </div>
  );
}
