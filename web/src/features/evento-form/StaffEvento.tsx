// Administrators and inseritori of the event with the invitation controls
// (spec §2 edit mode; roles adm and ins). An unknown e-mail is not reported
// (spec §5): the server answers the same either way.
import type { Evento } from '@gas/contracts';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Row from 'react-bootstrap/Row';
import { invitoRequest } from '@gas/contracts';
import { serverErrorMessage } from '../../components/form/useApiForm';
import { zodIssues } from '../../components/form/zodResolver';
import { invita } from './api';

type Ruolo = 'adm' | 'ins';

export const RUOLI: Record<Ruolo, { titolo: string; singolare: string }> = {
  adm: { titolo: 'Amministratori', singolare: 'amministratore' },
  ins: { titolo: 'Inseritori', singolare: 'inseritore' },
};

export const invitoFatto = (email: string, ruolo: Ruolo) =>
  `Fatto: se ${email} è l’indirizzo di un utente registrato, ora è ${RUOLI[ruolo].singolare} dell’evento.`;

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
      await invita(evento, parsed.data.email, ruolo);
      setDone(invitoFatto(parsed.data.email, ruolo));
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
              <Invito evento={evento.id} ruolo={ruolo} onDone={onChanged} />
            )}
          </Col>
        ))}
      </Row>
    </section>
  );
}
