// /admin/errori/ (issue 16): GaS's error inbox. Every unexpected error of the
// web app and of the server, grouped (one bug hit by many viewers is one
// row, with its count and when it was first and last seen); a group opens on
// its last occurrences with their stacks, and is marked resolved (or
// reopened) there. A resolved group that comes back reopens by itself.
import { conta, type ErroreDettaglio, type ErroreGruppo } from '@gas/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link, useParams } from 'react-router';
import { type Query } from '../../api/client';
import { typedApi } from '../../api/typed';
import { QueryState } from '../../components/QueryState';
import { formatDateTime } from '../../lib/romeTime';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { Paginazione, useFiltriUrl } from './Paginazione';
import { Storia } from './Storia';
import { serverErrorMessage } from '../../components/form/useApiForm';

const PAGE_SIZE = 50;

const TIPO: Record<string, string> = {
  errore: 'eccezione',
  promessa: 'promessa rifiutata',
  render: 'pagina non visualizzata',
  api: 'chiamata API fallita',
  segnalato: 'segnalazione',
  richiesta: 'richiesta',
  processo: 'processo',
};

const chiavi = {
  elenco: (query: Query) => ['admin', 'errori', query] as const,
  gruppo: (id: number) => ['admin', 'errori', 'gruppo', id] as const,
};

function Origine({ origine }: { origine: ErroreGruppo['origine'] }) {
  return (
    <Badge
      bg={origine === 'server' ? 'dark' : 'info'}
      text={origine === 'server' ? 'light' : 'dark'}
    >
      {origine === 'server' ? 'server' : 'web app'}
    </Badge>
  );
}

function Stato({ risolto }: { risolto: boolean }) {
  return risolto ? <Badge bg="success">risolto</Badge> : <Badge bg="danger">aperto</Badge>;
}

function Percorso({ titolo }: { titolo?: string }) {
  return (
    <nav aria-label="Percorso" className="small mb-2">
      <Link to="/admin/">Amministrazione</Link>
      {titolo && (
        <>
          {' › '}
          <Link to="/admin/errori/">{titolo}</Link>
        </>
      )}
    </nav>
  );
}

export function ErroriPage() {
  useDocumentTitle('Errori segnalati');
  const { params, imposta } = useFiltriUrl();
  const set = (key: string, value: string) => imposta({ [key]: value });
  // Open groups first: what needs someone's attention.
  const stato = params.get('risolto') ?? 'false';
  const query: Query = {
    page_size: PAGE_SIZE,
    page: params.get('page') ?? undefined,
    risolto: stato === 'tutti' ? undefined : stato,
    origine: params.get('origine') || undefined,
  };
  const elenco = useQuery({
    queryKey: chiavi.elenco(query),
    queryFn: ({ signal }) => typedApi.page('/api/admin/errori/', 'erroreGruppo', { query, signal }),
    placeholderData: keepPreviousData,
  });
  const pagina = Number(params.get('page') ?? 1);
  return (
    <>
      <Percorso />
      <h1 className="h2">Errori segnalati</h1>
      <p className="text-body-secondary">
        Gli errori inattesi della web app e del server, raggruppati: i superutenti ricevono
        un&apos;e-mail alla prima occorrenza di ogni errore (al più una all&apos;ora per errore).
      </p>
      <Form className="row g-2 mb-3" onSubmit={(e) => e.preventDefault()}>
        <Form.Group className="col-6 col-md-3" controlId="errori-stato">
          <Form.Label className="small mb-0">Stato</Form.Label>
          <Form.Select size="sm" value={stato} onChange={(e) => set('risolto', e.target.value)}>
            <option value="false">Aperti</option>
            <option value="true">Risolti</option>
            <option value="tutti">Tutti</option>
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-6 col-md-3" controlId="errori-origine">
          <Form.Label className="small mb-0">Origine</Form.Label>
          <Form.Select
            size="sm"
            value={params.get('origine') ?? ''}
            onChange={(e) => set('origine', e.target.value)}
          >
            <option value="">Tutte</option>
            <option value="web">Web app</option>
            <option value="server">Server</option>
          </Form.Select>
        </Form.Group>
      </Form>
      <QueryState query={elenco}>
        {(page) => (
          <>
            {page.results.length === 0 ? (
              <p className="text-body-secondary">Nessun errore.</p>
            ) : (
              <div className="table-responsive">
                <Table size="sm" hover className="align-middle" data-testid="errori">
                  <thead>
                    <tr>
                      <th scope="col">Errore</th>
                      <th scope="col">Origine</th>
                      <th scope="col" className="text-end">
                        Volte
                      </th>
                      <th scope="col">Ultima</th>
                      <th scope="col">Prima</th>
                      <th scope="col">Stato</th>
                    </tr>
                  </thead>
                  <tbody>
                    {page.results.map((g) => (
                      <tr key={g.id}>
                        <td className="text-break" style={{ minWidth: '16rem' }}>
                          <Link to={`/admin/errori/${g.id}/`}>{g.messaggio}</Link>
                          <div className="small text-body-secondary">
                            {TIPO[g.tipo] ?? g.tipo}
                            {g.contesto && ` · ${g.contesto}`}
                          </div>
                        </td>
                        <td>
                          <Origine origine={g.origine} />
                        </td>
                        <td className="text-end">{g.conteggio}</td>
                        <td className="text-nowrap small">{formatDateTime(g.ultimo)}</td>
                        <td className="text-nowrap small">{formatDateTime(g.primo)}</td>
                        <td>
                          <Stato risolto={g.risolto} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              </div>
            )}
            <Paginazione
              pagina={pagina}
              descrizione={`· ${conta(page.count, 'errore', 'errori')}`}
              precedente={!!page.previous}
              successiva={!!page.next}
              onPagina={(n) => set('page', String(n))}
            />
          </>
        )}
      </QueryState>
    </>
  );
}

function Occorrenza({ o }: { o: ErroreDettaglio['occorrenze'][number] }) {
  const righe: [string, string][] = [
    ['Quando', formatDateTime(o.quando)],
    ['Percorso', o.percorso],
    ['Utente', o.utente],
    ['Codice della richiesta', o.request_id],
    ['Versione', o.versione],
    ['Browser', o.browser],
  ];
  return (
    <Card as="li" className="mb-2">
      <Card.Body className="py-2">
        <dl className="row small mb-2">
          {righe
            .filter(([, v]) => v)
            .map(([k, v]) => (
              <div key={k} className="col-12 col-md-6 d-flex gap-2">
                <dt className="fw-semibold text-nowrap">{k}</dt>
                <dd className="mb-0 text-break">{v}</dd>
              </div>
            ))}
        </dl>
        <pre
          className="small bg-body-tertiary p-2 mb-0 text-break"
          style={{ whiteSpace: 'pre-wrap' }}
        >
          {o.stack || o.messaggio}
        </pre>
      </Card.Body>
    </Card>
  );
}

export function ErrorePage() {
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [errore, setErrore] = useState<string | null>(null);
  const gruppo = useQuery({
    queryKey: chiavi.gruppo(id),
    queryFn: ({ signal }) =>
      typedApi.get('/api/admin/errori/{id}/', 'erroreDettaglio', { path: { id }, signal }),
  });
  useDocumentTitle(gruppo.data ? `Errore: ${gruppo.data.messaggio}` : 'Errore segnalato');
  const segna = async (risolto: boolean) => {
    setBusy(true);
    setErrore(null);
    try {
      await typedApi.patch('/api/admin/errori/{id}/', 'erroreGruppo', {
        path: { id },
        body: { risolto },
      });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'errori'] });
      // Who marked it and when is in the audit log, shown below.
      await queryClient.invalidateQueries({ queryKey: ['admin', 'log'] });
    } catch (error) {
      setErrore(serverErrorMessage(error, 'risolto') ?? 'Operazione non riuscita.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Percorso titolo="Errori segnalati" />
      <QueryState query={gruppo}>
        {(g) => (
          <>
            <div className="d-flex flex-wrap align-items-start gap-2 mb-2">
              <h1 className="h3 me-auto mb-0 text-break">{g.messaggio}</h1>
              <Button
                variant={g.risolto ? 'outline-secondary' : 'success'}
                disabled={busy}
                onClick={() => void segna(!g.risolto)}
              >
                {g.risolto ? 'Riapri' : 'Segna come risolto'}
              </Button>
            </div>
            {errore && <Alert variant="danger">{errore}</Alert>}
            <p className="d-flex flex-wrap gap-2 align-items-center">
              <Origine origine={g.origine} />
              <Stato risolto={g.risolto} />
              <span>{TIPO[g.tipo] ?? g.tipo}</span>
              {g.contesto && <code>{g.contesto}</code>}
            </p>
            <p className="small">
              {g.conteggio === 1 ? 'Una volta' : `${g.conteggio} volte`}: la prima il{' '}
              {formatDateTime(g.primo)}, l&apos;ultima il {formatDateTime(g.ultimo)}.
              {g.risolto &&
                g.risolto_il &&
                ` Segnato come risolto il ${formatDateTime(g.risolto_il)}.`}
            </p>
            <h2 className="h5">Ultime occorrenze</h2>
            <ul className="list-unstyled">
              {g.occorrenze.map((o) => (
                <Occorrenza key={o.id} o={o} />
              ))}
            </ul>
            <h2 className="h5 mt-4">Storia</h2>
            <Storia risorsa="errori" oggetto={g.id} />
          </>
        )}
      </QueryState>
    </>
  );
}
