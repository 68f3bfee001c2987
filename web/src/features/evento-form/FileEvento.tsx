// 'Testo e soluzioni' (spec §2): the PDF of the problems (public at the
// event's start) and of the solutions (public at its end). An existing file
// is replaced by a new upload.
import type { Evento, FileEvento as FileInfo } from '@gas/contracts';
import { useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { FILE_NON_PDF, FILE_TROPPO_GRANDE, MAX_FILE_BYTES } from '@gas/contracts';
import { errorMessage } from '../../components/LoaderError';
import { formatDateTime } from '../../lib/romeTime';
import { caricaFile } from './api';

type Tipologia = 'problemi' | 'soluzioni';

const TESTI: Record<Tipologia, { label: string; quando: string }> = {
  problemi: {
    label: 'Testo dei problemi (PDF)',
    quando: 'Diventa pubblico all’inizio dell’evento.',
  },
  soluzioni: { label: 'Soluzioni (PDF)', quando: 'Diventano pubbliche alla fine dell’evento.' },
};

export const SOSTITUISCI = 'È già stato caricato un file: caricandone uno nuovo lo sostituisci.';

/** Spec §5: an event file must be a PDF. */
export function controllaPdf(file: File): string | null {
  const pdf = file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
  if (!pdf) return FILE_NON_PDF;
  if (file.size > MAX_FILE_BYTES) return FILE_TROPPO_GRANDE;
  return null;
}

function Caricamento({
  evento,
  tipologia,
  attuale,
  onUploaded,
}: {
  evento: number;
  tipologia: Tipologia;
  attuale: FileInfo | null | undefined;
  onUploaded(): void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const id = `file-${tipologia}`;

  const upload = async () => {
    setDone(false);
    if (!file) {
      setError('Scegli un file PDF.');
      return;
    }
    const problem = controllaPdf(file);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    try {
      await caricaFile(evento, tipologia, file);
      setDone(true);
      setFile(null);
      if (input.current) input.current.value = '';
      onUploaded();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form.Group controlId={id}>
      <Form.Label>{TESTI[tipologia].label}</Form.Label>
      <Form.Control
        ref={input}
        type="file"
        accept="application/pdf,.pdf"
        isInvalid={!!error}
        aria-describedby={`${id}-aiuto`}
        onChange={(e) => {
          const chosen = (e.target as HTMLInputElement).files?.[0] ?? null;
          setFile(chosen);
          setError(chosen ? controllaPdf(chosen) : null);
          setDone(false);
        }}
      />
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      <Form.Text id={`${id}-aiuto`} as="div">
        {TESTI[tipologia].quando}
        {attuale && (
          <>
            {' '}
            {SOSTITUISCI}{' '}
            {attuale.programmed_path_url ? (
              <a href={attuale.programmed_path_url} target="_blank" rel="noreferrer">
                {attuale.nome_file ?? 'File attuale'}
              </a>
            ) : (
              (attuale.nome_file ?? 'File attuale')
            )}
            {attuale.data && ` (pubblicazione: ${formatDateTime(attuale.data)})`}
          </>
        )}
      </Form.Text>
      <Button
        className="mt-2"
        variant="outline-primary"
        disabled={busy}
        onClick={() => void upload()}
      >
        {attuale ? 'Sostituisci' : 'Carica'}
      </Button>
      <div aria-live="polite">
        {done && (
          <Alert variant="success" className="mt-2 py-2 small">
            File caricato.
          </Alert>
        )}
      </div>
    </Form.Group>
  );
}

export function FileEvento({ evento, onUploaded }: { evento: Evento; onUploaded(): void }) {
  return (
    <section aria-labelledby="file-titolo" className="mb-4">
      <h2 id="file-titolo" className="h4">
        Testo e soluzioni
      </h2>
      <Row xs={1} md={2} className="g-4">
        <Col>
          <Caricamento
            evento={evento.id}
            tipologia="problemi"
            attuale={evento.file_problemi}
            onUploaded={onUploaded}
          />
        </Col>
        <Col>
          <Caricamento
            evento={evento.id}
            tipologia="soluzioni"
            attuale={evento.file_soluzioni}
            onUploaded={onUploaded}
          />
        </Col>
      </Row>
    </section>
  );
}
