// Administrators and inseritori of the event with the invitation controls
// (spec §2 edit mode; roles adm and ins). Any active account can be
// appointed, found by name, username or e-mail (issue 26); an address
// without an account gets one and the e-mail to choose a password. Whether an
// address had an account is not reported (spec §5): the server answers the
// same either way.
import type { Candidato, Evento } from '@gas/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Row from 'react-bootstrap/Row';
import { invitoRequest } from '@gas/contracts';
import { serverErrorMessage } from '../../components/form/useApiForm';
import { zodIssues } from '../../components/form/zodResolver';
import { cercaCandidati, invita } from './api';

type Ruolo = 'adm' | 'ins';

export const RUOLI: Record<Ruolo, { titolo: string; singolare: string }> = {
  adm: { titolo: 'Amministratori', singolare: 'amministratore' },
  ins: { titolo: 'Inseritori', singolare: 'inseritore' },
};

export const invitoFatto = (email: string, ruolo: Ruolo) =>
  `Fatto: ${email} ora è ${RUOLI[ruolo].singolare} dell’evento; se non aveva un account, riceve un’e-mail per sceglierne la password.`;
export const nominaFatta = (nome: string, ruolo: Ruolo) =>
  `Fatto: ${nome} ora è ${RUOLI[ruolo].singolare} dell’evento.`;
export const NESSUN_CANDIDATO =
  'Nessun utente trovato: se conosci il suo indirizzo e-mail, invitalo qui sotto.';

/** Typing settles for this long before a search is sent. */
const ATTESA_MS = 250;

const nomeDi = (c: Candidato) => (c.nome ? `${c.nome} (${c.username})` : c.username);

/** Finds an account by name, username or whole e-mail and appoints it. */
function CercaUtente({ evento, ruolo, onDone }: { evento: number; ruolo: Ruolo; onDone(): void }) {
  const [testo, setTesto] = useState('');
  const [cercato, setCercato] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setCercato(testo.trim()), ATTESA_MS);
    return () => clearTimeout(t);
  }, [testo]);
  const abbastanza = cercato.length >= 3;
  const risultati = useQuery({
    queryKey: ['evento', evento, 'candidati', cercato],
    queryFn: ({ signal }) => cercaCandidati(evento, cercato, signal),
    enabled: abbastanza,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const id = `cerca-${ruolo}`;

  const nominaUtente = async (c: Candidato) => {
    setError(null);
    setDone(null);
    setBusy(true);
    try {
      await invita(evento, { utente: c.id }, ruolo);
      setDone(nominaFatta(c.nome || c.username, ruolo));
      setTesto('');
      onDone();
    } catch (e) {
      setError(serverErrorMessage(e, 'utente'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mb-3">
      <Form.Label htmlFor={id}>Cerca chi nominare {RUOLI[ruolo].singolare}</Form.Label>
      <Form.Control
        id={id}
        type="search"
        autoComplete="off"
        placeholder="Nome, nome utente o e-mail"
        value={testo}
        onChange={(e) => setTesto(e.target.value)}
      />
      {testo.trim().length > 0 && testo.trim().length < 3 && (
        <Form.Text>Scrivi almeno 3 caratteri.</Form.Text>
      )}
      {abbastanza && risultati.data && (
        <ul className="list-group mt-2" aria-label={`Utenti trovati (${RUOLI[ruolo].titolo})`}>
          {risultati.data.results.length === 0 && (
            <li className="list-group-item text-body-secondary small">{NESSUN_CANDIDATO}</li>
          )}
          {risultati.data.results.map((c) => (
            <li
              key={c.id}
              className="list-group-item d-flex flex-wrap align-items-center justify-content-between gap-2"
            >
              <span className="text-break">
                {nomeDi(c)}
                {c.email && <span className="text-body-secondary small"> · {c.email}</span>}
              </span>
              <Button
                size="sm"
                variant="outline-primary"
                disabled={busy}
                aria-label={`Nomina ${c.nome || c.username} ${RUOLI[ruolo].singolare}`}
                onClick={() => void nominaUtente(c)}
              >
                Nomina
              </Button>
            </li>
          ))}
        </ul>
      )}
      {risultati.isError && <p className="text-danger small mt-1">Ricerca non riuscita.</p>}
      <div aria-live="polite">
        {error && (
          <Alert variant="danger" className="mt-2 py-2 small">
            {error}
          </Alert>
        )}
        {done && (
          <Alert variant="success" className="mt-2 py-2 small">
            {done}
          </Alert>
        )}
      </div>
    </div>
  );
}

function Invito({ evento, ruolo, onDone }: { evento: number; ruolo: Ruolo; onDone(): void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = `invito-${ruolo}`;

  const submit = async () => {
    setError(null);
    setDone(null);
    const parsed = invitoRequest.safeParse({ email, ruolo });
    if (!parsed.success) {
      setError(zodIssues(parsed.error).email ?? 'Indirizzo non valido.');
      return;
    }
    setBusy(true);
    try {
      const email = parsed.data.email!;
      await invita(evento, { email }, ruolo);
      setDone(invitoFatto(email, ruolo));
      setEmail('');
      onDone();
    } catch (e) {
      setError(serverErrorMessage(e, 'email'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Form.Label htmlFor={id}>Aggiungi {RUOLI[ruolo].singolare} (e-mail)</Form.Label>
      <InputGroup hasValidation>
        <Form.Control
          id={id}
          type="email"
          autoComplete="off"
          value={email}
          isInvalid={!!error}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" variant="outline-primary" disabled={busy}>
          Aggiungi
        </Button>
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      </InputGroup>
      <div aria-live="polite">
        {done && (
          <Alert variant="success" className="mt-2 py-2 small">
            {done}
          </Alert>
        )}
      </div>
    </Form>
  );
}

export function StaffEvento({ evento, onChanged }: { evento: Evento; onChanged(): void }) {
  const liste: Record<Ruolo, string[]> = {
    adm: evento.amministratori_str ?? [],
    ins: evento.inseritori_str ?? [],
  };
  return (
    <section aria-labelledby="staff-titolo" className="mb-4">
      <h2 id="staff-titolo" className="h4">
        Amministratori e inseritori
      </h2>
      <p className="text-body-secondary">
        Gli amministratori hanno tutti i diritti sull’evento; gli inseritori consegnano e cancellano
        le risposte di tutte le squadre.
      </p>
      <Row xs={1} md={2} className="g-4">
        {(['adm', 'ins'] as const).map((ruolo) => (
          <Col key={ruolo}>
            <h3 className="h5">{RUOLI[ruolo].titolo}</h3>
            {liste[ruolo].length === 0 ? (
              <p>Nessuno.</p>
            ) : (
              <ul>
                {liste[ruolo].map((nome, i) => (
                  <li key={`${nome}-${i}`}>{nome}</li>
                ))}
              </ul>
            )}
            {evento.permessi?.puo_invitare && (
              <>
                <CercaUtente evento={evento.id} ruolo={ruolo} onDone={onChanged} />
                <Invito evento={evento.id} ruolo={ruolo} onDone={onChanged} />
              </>
            )}
          </Col>
        ))}
      </Row>
    </section>
  );
}
