// admin-actions/ (spec §2, §5): for staff, clear the cached scores of a
// session and ask the open pages of a session to reload within an interval.
// Error messages clear after 10 s.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { refreshRequest } from '@gas/contracts';
import { typedApi } from '../../api/typed';
import { ApiError } from '../../api/errors';
import { useCurrentUser, useEventi } from '../../api/queries';
import { ErrorPage } from '../../components/ErrorPage';
import { errorMessage } from '../../components/LoaderError';
import { Page } from '../../components/Page';
import { QueryState } from '../../components/QueryState';
import { RequireLogin } from '../../components/RequireLogin';
import { SelectFilter, type SelectOption } from '../../components/SelectFilter';
import { formatDate } from '../../lib/romeTime';
import { zodIssues } from '../../components/form/zodResolver';
import { useTimedMessage, type TimedMessage } from '../../components/form/useTimedMessage';

export const SELEZIONA_SESSIONE = 'Seleziona una sessione';
export const SOLO_STAFF = 'Le azioni amministrative sono riservate allo staff.';
export const ERROR_MS = 10_000;
export const INTERVALLO_DEFAULT = 30;

function useSessioni() {
  return useQuery({
    queryKey: ['sessioni', 'tutte'],
    queryFn: ({ signal }) => typedApi.list('/api/gas/sessione/', 'sessione', { signal }),
  });
}

function Esito({ ok, error }: { ok: string | null; error: TimedMessage | null }) {
  return (
    <div aria-live="polite" className="mt-3">
      {error && (
        <Alert variant="danger" className="mb-0 py-2">
          {error.text}
        </Alert>
      )}
      {!error && ok && (
        <Alert variant="success" className="mb-0 py-2">
          {ok}
        </Alert>
      )}
    </div>
  );
}

/** One admin action: its own error (cleared after 10 s) and success message. */
function useAzione() {
  const errore = useTimedMessage(ERROR_MS);
  const [ok, setOk] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** `problem`: what is wrong in the action's own fields, checked before sending. */
  const run = async (
    sessione: string,
    call: (id: number) => Promise<{ detail: string }>,
    problem?: string,
  ) => {
    setOk(null);
    if (!sessione || problem) {
      errore.show({ variant: 'danger', text: sessione ? problem! : SELEZIONA_SESSIONE });
      return;
    }
    errore.clear();
    setBusy(true);
    try {
      setOk((await call(Number(sessione))).detail);
    } catch (e) {
      errore.show({ variant: 'danger', text: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  };
  return { errore: errore.message, ok, busy, run };
}

function Azioni({ opzioni }: { opzioni: SelectOption[] }) {
  const [sessione, setSessione] = useState('');
  const [intervallo, setIntervallo] = useState(String(INTERVALLO_DEFAULT));
  const cache = useAzione();
  const refresh = useAzione();

  return (
    <>
      <div style={{ maxWidth: '40rem' }}>
        <SelectFilter
          id="admin-sessione"
          label="Sessione"
          options={opzioni}
          value={sessione}
          onChange={setSessione}
          placeholder="Scegli una sessione"
        />
      </div>
      <Row xs={1} lg={2} className="g-4">
        <Col>
          <Card className="h-100">
            <Card.Body>
              <Card.Title as="h2" className="h5">
                Cancella la cache dei punteggi
              </Card.Title>
              <Card.Text>
                La classifica della sessione viene ricalcolata da capo alla prossima richiesta.
              </Card.Text>
              <Form
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  void cache.run(sessione, (id) =>
                    typedApi.patch('/api/gas/sessione/{id}/delete_cache/', 'detail', {
                      path: { id },
                      body: { sessione: id },
                    }),
                  );
                }}
              >
                <Button type="submit" variant="warning" disabled={cache.busy}>
                  Resetta la cache
                </Button>
              </Form>
              <Esito ok={cache.ok} error={cache.errore} />
            </Card.Body>
          </Card>
        </Col>
        <Col>
          <Card className="h-100">
            <Card.Body>
              <Card.Title as="h2" className="h5">
                Richiedi il refresh delle pagine
              </Card.Title>
              <Card.Text>
                Ogni pagina aperta sulla sessione si ricarica in un momento casuale entro
                l’intervallo (0 = subito).
              </Card.Text>
              <Form
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  // An emptied field is a missing interval, not 0 ("now").
                  const body = {
                    interval: intervallo.trim() === '' ? undefined : Number(intervallo),
                  };
                  const parsed = refreshRequest.safeParse(body);
                  void refresh.run(
                    sessione,
                    // Called only when the interval is valid (no `problem`).
                    (id) =>
                      typedApi.patch(
                        '/api/gas/sessione/{id}/request_refresh_frontend_delayed/',
                        'detail',
                        { path: { id }, body: refreshRequest.parse(body) },
                      ),
                    parsed.success ? undefined : zodIssues(parsed.error).interval,
                  );
                }}
              >
                <Form.Group className="mb-3" controlId="admin-intervallo">
                  <Form.Label>Intervallo (secondi)</Form.Label>
                  <Form.Control
                    type="number"
                    min={0}
                    step={5}
                    inputMode="numeric"
                    value={intervallo}
                    onChange={(e) => setIntervallo(e.target.value)}
                    style={{ maxWidth: '10rem' }}
                  />
                </Form.Group>
                <Button type="submit" disabled={refresh.busy}>
                  Richiedi il refresh
                </Button>
              </Form>
              <Esito ok={refresh.ok} error={refresh.errore} />
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </>
  );
}

function Contenuto() {
  const sessioni = useSessioni();
  const eventi = useEventi();
  return (
    <QueryState query={sessioni}>
      {(list) => {
        const byId = new Map((eventi.data ?? []).map((e) => [e.id, e]));
        const opzioni = [...list]
          .sort((a, b) => b.inizio.localeCompare(a.inizio) || a.ordine - b.ordine)
          .map((s) => {
            const e = byId.get(s.evento);
            return {
              value: String(s.id),
              label: `${e ? `${e.titolo} — ` : ''}${s.nome} (${formatDate(s.inizio)})`,
            };
          });
        return <Azioni opzioni={opzioni} />;
      }}
    </QueryState>
  );
}

export default function AdminActionsPage() {
  const { user } = useCurrentUser();
  return (
    <RequireLogin>
      {user.is_staff || user.is_superuser ? (
        <Page title="Azioni amministrative">
          <Contenuto />
        </Page>
      ) : (
        <ErrorPage error={new ApiError({ kind: 'forbidden', status: 403, detail: SOLO_STAFF })} />
      )}
    </RequireLogin>
  );
}
