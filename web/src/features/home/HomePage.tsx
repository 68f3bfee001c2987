import { Link } from 'react-router';
import { Page } from '../../components/Page';

export default function HomePage() {
  return (
    <Page title="Gara a Squadre di Fisica">
      <p className="lead">
        Gare a squadre di fisica per le scuole superiori, con classifiche in diretta.
      </p>
      <p>
        <Link to="/eventi/">Vai agli eventi</Link>
      </p>
    </Page>
  );
}
