// /admin/: the resources by group, each with its count.
import { GRUPPI_ADMIN, RISORSE_ADMIN, type RisorsaAdmin } from '@gas/contracts';
import { useQuery } from '@tanstack/react-query';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { adminKeys, fetchPage } from './api';
import { PAGINE } from './pagine';

function Conteggio({ risorsa }: { risorsa: RisorsaAdmin }) {
  const query = useQuery({
    queryKey: adminKeys.list(risorsa.nome, { page_size: 1 }),
    queryFn: ({ signal }) => fetchPage(risorsa.nome, { page_size: 1 }, signal),
  });
  return <span className="text-body-secondary">{query.data ? query.data.count : '…'}</span>;
}

export function IndexPage() {
  return (
    <>
      <h1 className="h2">Amministrazione</h1>
      <div className="row g-3">
        {GRUPPI_ADMIN.map((gruppo) => (
          <div key={gruppo} className="col-12 col-md-6 col-xl-4">
            <Card>
              <Card.Header as="h2" className="h5">
                {gruppo}
              </Card.Header>
              <ul className="list-group list-group-flush">
                {RISORSE_ADMIN.filter((r) => r.gruppo === gruppo).map((r) => (
                  <li key={r.nome} className="list-group-item d-flex justify-content-between">
                    <Link to={`/admin/${r.nome}/`}>{r.etichetta}</Link>
                    <Conteggio risorsa={r} />
                  </li>
                ))}
                {PAGINE.filter((p) => p.gruppo === gruppo).map((p) => (
                  <li key={p.percorso} className="list-group-item">
                    <Link to={p.percorso}>{p.etichetta}</Link>
                  </li>
                ))}
              </ul>
            </Card>
          </div>
        ))}
      </div>
    </>
  );
}
