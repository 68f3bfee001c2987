import { useMutation, useQueryClient } from '@tanstack/react-query';
import Nav from 'react-bootstrap/Nav';
import NavDropdown from 'react-bootstrap/NavDropdown';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { loginUrl, logout, safeNext } from '../api/auth';
import { queryKeys, useCurrentUser } from '../api/queries';
import { reportError } from '../lib/reportError';
import { dimenticaDatiUtente } from '../lib/serviceWorker';

function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onError: (error) => reportError(error, 'logout'),
    // Whatever the outcome, ask the server who we are now.
    onSettled: async () => {
      await dimenticaDatiUtente();
      await queryClient.invalidateQueries({ queryKey: queryKeys.whoami });
      await navigate('/');
    },
  });
}

export function UserMenu() {
  const { user, isPending } = useCurrentUser();
  const location = useLocation();
  const doLogout = useLogout();

  // Nothing until whoami answers: no flash of 'Accedi' for a logged-in user.
  if (isPending) return null;

  if (!user.is_authenticated) {
    // On the login page itself, keep its `next` rather than pointing back to it.
    const here = location.pathname.startsWith('/accounts/login')
      ? safeNext(new URLSearchParams(location.search).get('next'))
      : location.pathname + location.search + location.hash;
    return (
      <Nav>
        <Nav.Link as={Link} to={loginUrl(here)}>
          Accedi
        </Nav.Link>
      </Nav>
    );
  }

  const staff = user.is_staff || user.is_superuser;
  return (
    <Nav>
      <NavDropdown title={user.username} id="menu-utente" align="end">
        <NavDropdown.Item as={NavLink} to="/accounts/profile/" end>
          Profilo personale
        </NavDropdown.Item>
        <NavDropdown.Item as={NavLink} to="/accounts/password/" end>
          Cambia password
        </NavDropdown.Item>
        {staff && (
          <>
            <NavDropdown.Divider />
            {/* The back-office is a separate site: a full page load, not a client route. */}
            <NavDropdown.Item href="/admin/">Amministrazione</NavDropdown.Item>
            <NavDropdown.Item as={NavLink} to="/admin-actions/" end>
              Azioni amministrative
            </NavDropdown.Item>
          </>
        )}
        <NavDropdown.Divider />
        <NavDropdown.Item
          as="button"
          disabled={doLogout.isPending}
          onClick={() => doLogout.mutate()}
        >
          Esci
        </NavDropdown.Item>
      </NavDropdown>
    </Nav>
  );
}
