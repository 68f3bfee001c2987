// Related records of a record, inline (issue 14): for every resource with a
// filterable field that points at this one (an event's sessions, problems,
// teams, venues, files and messages; a venue's teams; a team's answers and
// jokers; a user's manager profile), the first records and a link to all.
import { RISORSE_ADMIN, type RisorsaAdmin } from '@gas/contracts';
import { useQuery } from '@tanstack/react-query';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { adminKeys, fetchPage } from './api';

const SHOWN = 8;

function Gruppo({ risorsa, campo, id }: { risorsa: RisorsaAdmin; campo: string; id: number }) {
  const query = { [campo]: id, page_size: SHOWN };
  const page = useQuery({
    queryKey: adminKeys.list(risorsa.nome, query),
    queryFn: ({ signal }) => fetchPage(risorsa.nome, query, signal),
  });
  if (!page.data || page.data.count === 0) return null;
  return (
    <Card className="mb-3">
      <Card.Header className="d-flex justify-content-between">
        <span>
          {risorsa.etichetta} ({page.data.count})
        </span>
        <Link to={`/admin/${risorsa.nome}/?${campo}=${id}`}>Vedi tutti</Link>
      </Card.Header>
      <ul className="list-group list-group-flush">
        {page.data.results.map((r) => (
          <li key={r.id} className="list-group-item">
            <Link to={`/admin/${risorsa.nome}/${r.id}/`}>{String(r[risorsa.titolo] ?? r.id)}</Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export function Correlati({ nome, id }: { nome: string; id: number }) {
  const related = RISORSE_ADMIN.flatMap((r) =>
    Object.entries(r.campi)
      .filter(([, c]) => c.riferimento === nome && c.filtro)
      .map(([campo]) => ({ risorsa: r, campo })),
  );
  if (related.length === 0) return null;
  return (
    <section aria-label="Elementi collegati" className="row mt-4">
      {related.map(({ risorsa, campo }) => (
        <div key={`${risorsa.nome}:${campo}`} className="col-12 col-md-6">
          <Gruppo risorsa={risorsa} campo={campo} id={id} />
        </div>
      ))}
    </section>
  );
}
