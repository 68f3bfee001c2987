// The important messages of an event for its administrators (issue 14,
// item 3): write a new one, edit or delete those already posted. Every
// change reaches the open pages through the messages feed (docs/live.md);
// this page updates its own list at once as well. Loaded lazily, only for
// those who may edit the event, so viewers of the scores page never load it.
import type { MessaggioImportante } from '@gas/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { typedApi } from '../../../api/typed';
import { FormAlert } from '../../../components/form/FormAlert';
import { serverErrorMessage } from '../../../components/form/useApiForm';
import { RelativeTime } from '../../../components/RelativeTime';
import { formatDateTime } from '../../../lib/romeTime';
import { punteggiKeys } from '../api';
import { applyMessaggioChange, type MessaggioChange } from './useMessaggi';

const MAX_TESTO = 5000;
const VUOTO = 'Scrivi il testo del messaggio.';

function useApplyChange(eventoId: number) {
  const queryClient = useQueryClient();
  return (change: MessaggioChange) =>
    queryClient.setQueryData<MessaggioImportante[]>(punteggiKeys.messaggi(eventoId), (list) =>
      applyMessaggioChange(list ?? [], change),
    );
}

function NuovoMessaggio({ eventoId }: { eventoId: number }) {
  const apply = useApplyChange(eventoId);
  const [testo, setTesto] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSent(false);
    if (testo.trim() === '') {
      setError(VUOTO);
      return;
    }
    setBusy(true);
    try {
      const message = await typedApi.post('/api/gas/messaggi-importanti/', 'messaggioImportante', {
        body: { evento: eventoId, testo },
      });
      apply({ type: 'new_message', message });
      setTesto('');
      setError(null);
      setSent(true);
    } catch (err) {
      setError(serverErrorMessage(err, 'testo'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form onSubmit={submit} className="mb-3">
      <Form.Group controlId="nuovo-messaggio">
        <Form.Label>Nuovo messaggio importante</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          maxLength={MAX_TESTO}
          value={testo}
          isInvalid={error !== null}
          onChange={(e) => setTesto(e.target.value)}
        />
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
        <Form.Text>Appare subito a chi ha aperto le pagine dell’evento.</Form.Text>
      </Form.Group>
      <div className="d-flex align-items-center gap-3 mt-2">
        <Button type="submit" disabled={busy}>
          Pubblica
        </Button>
        {sent && <span className="text-success">Messaggio pubblicato</span>}
      </div>
    </Form>
  );
}

function Voce({ message, offset }: { message: MessaggioImportante; offset: number }) {
  const apply = useApplyChange(message.evento);
  const [mode, setMode] = useState<'vedi' | 'modifica' | 'elimina'>('vedi');
  const [testo, setTesto] = useState(message.testo);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const path = '/api/gas/messaggi-importanti/{id}/' as const;

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (testo.trim() === '') {
      setError(VUOTO);
      return;
    }
    setBusy(true);
    try {
      const edited = await typedApi.patch(path, 'messaggioImportante', {
        path: { id: message.id },
        body: { testo },
      });
      apply({ type: 'edit_message', message: edited });
      setMode('vedi');
      setError(null);
    } catch (err) {
      setError(serverErrorMessage(err, 'testo'));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await typedApi.delete(path, { path: { id: message.id } });
      apply({ type: 'delete_message', id: message.id });
    } catch (err) {
      setError(serverErrorMessage(err, 'testo'));
      setBusy(false);
    }
  };

  return (
    <ListGroup.Item as="li">
      <div className="small text-body-secondary">
        <RelativeTime value={message.data} offset={offset} /> · {formatDateTime(message.data)}
      </div>
      {mode === 'modifica' ? (
        <Form onSubmit={save} aria-label="Modifica del messaggio">
          <Form.Control
            as="textarea"
            rows={3}
            maxLength={MAX_TESTO}
            aria-label="Testo del messaggio"
            value={testo}
            isInvalid={error !== null}
            onChange={(e) => setTesto(e.target.value)}
          />
          <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
          <div className="d-flex gap-2 mt-2">
            <Button type="submit" size="sm" disabled={busy}>
              Salva
            </Button>
            <Button
              size="sm"
              variant="outline-secondary"
              onClick={() => {
                setTesto(message.testo);
                setError(null);
                setMode('vedi');
              }}
            >
              Annulla
            </Button>
          </div>
        </Form>
      ) : (
        <>
          <div style={{ whiteSpace: 'pre-wrap' }}>{message.testo}</div>
          {mode === 'elimina' ? (
            <div className="d-flex flex-wrap align-items-center gap-2 mt-2">
              <span>Eliminare questo messaggio?</span>
              <Button size="sm" variant="danger" disabled={busy} onClick={remove}>
                Elimina
              </Button>
              <Button size="sm" variant="outline-secondary" onClick={() => setMode('vedi')}>
                Annulla
              </Button>
            </div>
          ) : (
            <div className="d-flex gap-2 mt-2">
              <Button
                size="sm"
                variant="outline-primary"
                onClick={() => {
                  setTesto(message.testo);
                  setMode('modifica');
                }}
              >
                Modifica
              </Button>
              <Button size="sm" variant="outline-danger" onClick={() => setMode('elimina')}>
                Elimina
              </Button>
            </div>
          )}
          <FormAlert message={mode === 'vedi' ? null : error} />
        </>
      )}
    </ListGroup.Item>
  );
}

/** The form for a new message, then the messages, each with 'Modifica' and 'Elimina'. */
export default function MessaggiEditor(props: {
  eventoId: number;
  messages: readonly MessaggioImportante[];
  offset: number;
}) {
  return (
    <>
      <NuovoMessaggio eventoId={props.eventoId} />
      {props.messages.length === 0 ? (
        <p className="text-body-secondary">Nessun messaggio importante per questo evento.</p>
      ) : (
        <ListGroup as="ul" data-testid="messaggi">
          {props.messages.map((m) => (
            <Voce key={m.id} message={m} offset={props.offset} />
          ))}
        </ListGroup>
      )}
    </>
  );
}
