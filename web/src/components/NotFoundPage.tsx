import { Link, useLocation } from 'react-router';
import { Page } from './Page';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Page title="Error 404">
      <p className="lead">
        Nessun risultato per <code>{pathname}</code>
      </p>
      <p>
        <Link to="/">Torna alla pagina iniziale</Link>
      </p>
    </Page>
  );
}
