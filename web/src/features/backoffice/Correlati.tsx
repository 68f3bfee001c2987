// Related records of a record, inline (issue 14): for every resource with a
// filterable field that points at this one (an event's sessions, problems,
// teams, venues, files and messages; a venue's teams; a team's answers and
// jokers; a user's manager profile and venues; a manager's events as staff),
// the first records, a link to all, and one to add a record already tied here.
import { RISORSE_ADMIN, type RisorsaAdmin } from '@gas/contracts';
import { useQuery } from '@tanstack/react-query';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { adminKeys, fetchPage, useTitlesOf } from './api';

const SHOWN = 8;

function Gruppo(props: { risorsa: RisorsaAdmin; campo: string; id: number; titolo: string }) {
  const { risorsa, campo, id } = props;
  const query = { [campo]: id, page_size: SHOWN };
  const page = useQuery({
    queryKey: adminKeys.list(risorsa.nome, query),
    queryFn: ({ signal }) => fetchPage(risorsa.nome, query, signal),
  });
  const titles = useTitlesOf(risorsa, page.data?.results.map((r) => r.id) ?? []);
  if (!page.data) return null;
  // Empty groups show too when a record can be added from here (an event's first session).
  if (page.data.count === 0 && risorsa.crea === false) return null;
  return (
    <Card className="mb-3">
      <Card.Header className="d-flex flex-wrap gap-2">
        <span className="me-auto">
          {props.titolo} ({page.data.count})
        </span>
        {risorsa.crea !== false && (
          <Link to={`/admin/${risorsa.nome}/nuovo/?${campo}=${id}`}>Aggiungi</Link>
        )}
        {page.data.count > 0 && (
          <Link to={`/admin/${risorsa.nome}/?${campo}=${id}`}>Vedi tutti</Link>
        )}
      </Card.Header>
      {page.data.count > 0 && (
        <ul className="list-group list-group-flush">
          {page.data.results.map((r) => (
            <li key={r.id} className="list-group-item">
              <Link to={`/admin/${risorsa.nome}/${r.id}/`}>{titles?.get(r.id) ?? `#${r.id}`}</Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function Correlati({ nome, id }: { nome: string; id: number }) {
  const related = RISORSE_ADMIN.flatMap((r) =>
    Object.entries(r.campi)
      .filter(([, c]) => c.riferimento === nome && c.filtro)
      .map(([campo, c]) => ({ risorsa: r, campo, etichetta: c.etichetta })),
  );
  // A resource pointing here by two fields (an event's administrators and
  // inseritori) names each group by its field.
  const twice = (nomeRisorsa: string) =>
    related.filter((x) => x.risorsa.nome === nomeRisorsa).length > 1;
  if (related.length === 0) return null;
  return (
    <section aria-label="Elementi collegati" className="row mt-4">
      {related.map(({ risorsa, campo, etichetta }) => (
        <div key={`${risorsa.nome}:${campo}`} className="col-12 col-md-6">
          <Gruppo
            risorsa={risorsa}
            campo={campo}
            id={id}
            titolo={twice(risorsa.nome) ? `${risorsa.etichetta}: ${etichetta}` : risorsa.etichetta}
          />
        </div>
      ))}
    </section>
  );
}
