// /admin/log/: the audit log with its filters (resource, object, user, action,
// time range, text) and its CSV; the log is read-only for everyone.
import { conta, RISORSE_REGISTRO } from '@gas/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { Link } from 'react-router';
import { buildUrl, type Query } from '../../api/client';
import { QueryState } from '../../components/QueryState';
import { DateTimeInput } from '../../components/form/DateTimeInput';
import { wallToIso } from '../../lib/romeTime';
import { adminKeys, fetchLog } from './api';
import { risorsaByNome } from './fields';
import { Paginazione, useFiltriUrl } from './Paginazione';
import { RiferimentoPicker } from './Riferimento';
import { AZIONE, Voce } from './Storia';

const PAGE_SIZE = 50;
const FILTRI = ['risorsa', 'oggetto', 'utente', 'azione', 'dal', 'al', 'search'] as const;

const numero = (text: string | null) => (text && /^\d+$/.test(text) ? Number(text) : null);

export function LogPage() {
  const { params, imposta } = useFiltriUrl();
  const set = (key: string, value: string) => imposta({ [key]: value });
  const query: Query = { page_size: PAGE_SIZE };
  for (const key of [...FILTRI, 'page']) {
    const v = params.get(key);
    // The time range is typed on Rome's clock, as every date-time of the app.
    if (v) query[key] = key === 'dal' || key === 'al' ? (wallToIso(v) ?? v) : v;
  }
  const log = useQuery({
    queryKey: adminKeys.log(query),
    queryFn: ({ signal }) => fetchLog(query, signal),
    placeholderData: keepPreviousData,
  });
  const pagina = Number(params.get('page') ?? 1);
  const oggettoDi = risorsaByNome.get(params.get('risorsa') ?? '');
  const { page: _p, page_size: _s, ...csv } = query;
  return (
    <>
      <nav aria-label="Percorso" className="small mb-2">
        <Link to="/admin/">Amministrazione</Link>
      </nav>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h2 me-auto mb-0">Registro delle modifiche</h1>
        <a
          className="btn btn-outline-secondary"
          href={buildUrl('/api/admin/log/csv/', csv)}
          download
        >
          Scarica CSV
        </a>
      </div>
      <Form className="row g-2 mb-3" onSubmit={(e) => e.preventDefault()}>
        <Form.Group className="col-6 col-md-3" controlId="log-risorsa">
          <Form.Label className="small mb-0">Risorsa</Form.Label>
          <Form.Select
            size="sm"
            value={params.get('risorsa') ?? ''}
            onChange={(e) => set('risorsa', e.target.value)}
          >
            <option value="">Tutte</option>
            {/* Every resource an entry may name: the list the server writes entries by. */}
            {RISORSE_REGISTRO.map((r) => (
              <option key={r.nome} value={r.nome}>
                {r.etichetta}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-6 col-md-2">
          {/* With a resource chosen, its records are found by name; otherwise by id. */}
          {oggettoDi ? (
            <>
              <Form.Label htmlFor="log-oggetto" className="small mb-0">
                Oggetto
              </Form.Label>
              <RiferimentoPicker
                id="log-oggetto"
                size="sm"
                risorsa={oggettoDi}
                value={numero(params.get('oggetto'))}
                vuoto="Tutti"
                onChange={(id) => set('oggetto', id === null ? '' : String(id))}
              />
            </>
          ) : (
            <>
              <Form.Label htmlFor="log-oggetto" className="small mb-0">
                Oggetto (id)
              </Form.Label>
              <Form.Control
                id="log-oggetto"
                size="sm"
                inputMode="numeric"
                value={params.get('oggetto') ?? ''}
                onChange={(e) => set('oggetto', e.target.value.replace(/\D/g, ''))}
              />
            </>
          )}
        </Form.Group>
        <Form.Group className="col-6 col-md-2">
          <Form.Label htmlFor="log-utente" className="small mb-0">
            Utente
          </Form.Label>
          <RiferimentoPicker
            id="log-utente"
            size="sm"
            risorsa={risorsaByNome.get('user')!}
            value={numero(params.get('utente'))}
            vuoto="Tutti"
            onChange={(id) => set('utente', id === null ? '' : String(id))}
          />
        </Form.Group>
        <Form.Group className="col-6 col-md-2" controlId="log-azione">
          <Form.Label className="small mb-0">Azione</Form.Label>
          <Form.Select
            size="sm"
            value={params.get('azione') ?? ''}
            onChange={(e) => set('azione', e.target.value)}
          >
            <option value="">Tutte</option>
            {Object.entries(AZIONE).map(([k, v]) => (
              <option key={k} value={k}>
                {v}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-6 col-md-3" controlId="log-search">
          <Form.Label className="small mb-0">Cerca</Form.Label>
          <Form.Control
            size="sm"
            type="search"
            value={params.get('search') ?? ''}
            onChange={(e) => set('search', e.target.value)}
          />
        </Form.Group>
        <Form.Group className="col-6 col-md-3">
          <Form.Label htmlFor="log-dal" className="small mb-0">
            Dal (ora italiana)
          </Form.Label>
          <DateTimeInput
            id="log-dal"
            size="sm"
            value={params.get('dal') ?? ''}
            onChange={(v) => set('dal', v)}
          />
        </Form.Group>
        <Form.Group className="col-6 col-md-3">
          <Form.Label htmlFor="log-al" className="small mb-0">
            Al (ora italiana)
          </Form.Label>
          <DateTimeInput
            id="log-al"
            size="sm"
            value={params.get('al') ?? ''}
            onChange={(v) => set('al', v)}
          />
        </Form.Group>
      </Form>
      <QueryState query={log}>
        {(page) => (
          <>
            {page.results.length === 0 ? (
              <p className="text-body-secondary">Nessuna voce.</p>
            ) : (
              <ListGroup as="ul" className="mb-3" data-testid="registro">
                {page.results.map((v) => (
                  <Voce key={v.id} voce={v} conOggetto />
                ))}
              </ListGroup>
            )}
            <Paginazione
              pagina={pagina}
              descrizione={`· ${conta(page.count, 'voce', 'voci')}`}
              precedente={!!page.previous}
              successiva={!!page.next}
              femminile
              onPagina={(n) => set('page', String(n))}
            />
          </>
        )}
      </QueryState>
    </>
  );
}
