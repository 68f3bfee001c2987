// The 'Bigliettini consegna' tab of the scores page (spec §2 Delivery slips):
// choose a venue of the session and an output, then 'Scarica' (a file) or
// 'Renderizza' (shown here: the PDF inline, the LaTeX source to copy). The
// log is shown when the compilation fails or gives an empty PDF.
import { conta, type Polo } from '@gas/contracts';
import { useEffect, useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useCurrentUser, useSessione, useSquadreInSessione } from '../../api/queries';
import { errorMessage } from '../../components/LoaderError';
import { QueryState } from '../../components/QueryState';
import { delPolo } from '../poli/nomi';
import { CopyButton } from '../../components/form/CopyButton';
import { usePoli } from '../poli/api';
import {
  base64ToBytes,
  base64ToText,
  generaBiglietti,
  scaricaFile,
  type BigliettiResponse,
  type Output,
} from './bigliettiniApi';

export const IN_CORSO = 'La generazione del PDF è in corso e richiede tempo, attendi.';
export const AIUTO =
  'Un bigliettino per ogni squadra e problema, più uno per il jolly. Il PDF è compilato sul server con LaTeX e può richiedere fino a circa un minuto; nei giorni di gara ufficiale la generazione è disabilitata.';
export const PDF_FALLITO = 'La generazione del PDF non è riuscita: ecco il log di LaTeX.';
export const PDF_VUOTO = 'Il PDF generato è vuoto: ecco il log di LaTeX.';

type Risultato =
  | { kind: 'pdf'; url: string }
  | { kind: 'source'; source: string }
  | { kind: 'log'; message: string; log: string; source: string };

function Risultato({ risultato }: { risultato: Risultato }) {
  if (risultato.kind === 'pdf') {
    return (
      <div className="mt-3">
        <object
          data={risultato.url}
          type="application/pdf"
          title="Bigliettini di consegna (PDF)"
          className="w-100 border"
          style={{ height: '75vh' }}
        >
          <p className="p-3">
            Il browser non mostra il PDF qui:{' '}
            <a href={risultato.url} target="_blank" rel="noreferrer">
              aprilo in una nuova scheda
            </a>
            .
          </p>
        </object>
      </div>
    );
  }
  if (risultato.kind === 'source') {
    return (
      <div className="mt-3">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <span>Sorgente LaTeX, da compilare con pdflatex.</span>
          <CopyButton text={risultato.source} size="sm" label="Copia il sorgente" />
        </div>
        <pre
          className="border rounded p-2 small bg-body-tertiary"
          style={{ maxHeight: '60vh' }}
          tabIndex={0}
        >
          {risultato.source}
        </pre>
      </div>
    );
  }
  return (
    <div className="mt-3">
      <Alert variant="danger">{risultato.message}</Alert>
      <pre
        className="border rounded p-2 small bg-body-tertiary"
        style={{ maxHeight: '50vh' }}
        tabIndex={0}
      >
        {risultato.log}
      </pre>
    </div>
  );
}

interface BigliettiProps {
  sessioneId: number;
  poli: Polo[];
  squadre: { nome: string; polo: number | null }[];
  /** The contest is over: the venue's certificates may be downloaded (issue 28). */
  conclusa: boolean;
}

function Biglietti({ sessioneId, poli, squadre, conclusa }: BigliettiProps) {
  const [polo, setPolo] = useState(poli.length === 1 ? String(poli[0]!.id) : '');
  const [output, setOutput] = useState<Output>('pdf');
  const [busy, setBusy] = useState<Output | null>(null);
  const [errore, setErrore] = useState<string | null>(null);
  const [risultato, setRisultato] = useState<Risultato | null>(null);

  // Blob URLs live as long as the result they show.
  useEffect(
    () => () => {
      if (risultato?.kind === 'pdf') URL.revokeObjectURL(risultato.url);
    },
    [risultato],
  );

  const nomi = useMemo(
    () =>
      squadre
        .filter((s) => String(s.polo) === polo)
        .map((s) => s.nome)
        .sort((a, b) => a.localeCompare(b, 'it')),
    [squadre, polo],
  );
  const nomePolo = poli.find((p) => String(p.id) === polo)?.nome_breve ?? 'polo';
  const file = `bigliettini-${nomePolo.replace(/[^\p{L}\p{N}]+/gu, '-')}`;

  const genera = async (mostra: boolean) => {
    setErrore(null);
    if (!polo) {
      setErrore('Scegli un polo.');
      return;
    }
    if (nomi.length === 0) {
      setErrore('Il polo non ha squadre in questa sessione.');
      return;
    }
    setBusy(output);
    setRisultato(null);
    try {
      const res: BigliettiResponse = await generaBiglietti(nomi, output, sessioneId);
      const pdf = res.pdf_b64 ? base64ToBytes(res.pdf_b64) : new Uint8Array(0);
      if (output === 'pdf' && (!res.success || pdf.length === 0)) {
        setRisultato({
          kind: 'log',
          message: res.success ? PDF_VUOTO : PDF_FALLITO,
          log: res.log_b64 ? base64ToText(res.log_b64) : '',
          source: res.source,
        });
      } else if (output === 'pdf') {
        const blob = new Blob([pdf], { type: 'application/pdf' });
        if (mostra) setRisultato({ kind: 'pdf', url: URL.createObjectURL(blob) });
        else scaricaFile(blob, `${file}.pdf`);
      } else if (mostra) {
        setRisultato({ kind: 'source', source: res.source });
      } else {
        scaricaFile(new Blob([res.source], { type: 'application/x-tex' }), `${file}.tex`);
      }
    } catch (e) {
      setErrore(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="bigliettini-titolo">
      <h2 id="bigliettini-titolo" className="h4">
        Bigliettini consegna
      </h2>
      <p className="text-body-secondary">{AIUTO}</p>
      <Form
        noValidate
        className="d-flex flex-wrap align-items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void genera(true);
        }}
      >
        <Form.Group controlId="bigliettini-polo">
          <Form.Label>Polo</Form.Label>
          <Form.Select value={polo} onChange={(e) => setPolo(e.target.value)}>
            <option value="">Scegli il polo</option>
            {poli.map((p) => {
              const n = squadre.filter((s) => s.polo === p.id).length;
              return (
                <option key={p.id} value={p.id}>
                  {p.nome_breve} ({conta(n, 'squadra', 'squadre')})
                </option>
              );
            })}
          </Form.Select>
        </Form.Group>
        <fieldset>
          <legend className="form-label fs-6 mb-2">Output</legend>
          <Form.Check
            inline
            type="radio"
            id="bigliettini-pdf"
            name="bigliettini-output"
            label="PDF"
            checked={output === 'pdf'}
            onChange={() => setOutput('pdf')}
          />
          <Form.Check
            inline
            type="radio"
            id="bigliettini-source"
            name="bigliettini-output"
            label="Codice sorgente"
            checked={output === 'source'}
            onChange={() => setOutput('source')}
          />
        </fieldset>
        <div className="d-flex gap-2">
          <Button
            type="button"
            variant="outline-primary"
            disabled={busy !== null}
            onClick={() => void genera(false)}
          >
            Scarica
          </Button>
          <Button type="submit" disabled={busy !== null}>
            Renderizza
          </Button>
        </div>
        {conclusa && polo && (
          <p className="mt-3 mb-0">
            <a
              href={`/api/gas/sessione/${sessioneId}/attestati/?polo=${polo}`}
              download
              className="btn btn-outline-success"
            >
              Attestati delle squadre {delPolo(nomePolo)} (PDF)
            </a>
          </p>
        )}
      </Form>
      <div aria-live="polite">
        {busy === 'pdf' && (
          <Alert variant="info" className="mt-3 d-flex align-items-center gap-2">
            <Spinner animation="border" size="sm" aria-hidden="true" />
            {IN_CORSO}
          </Alert>
        )}
        {errore && (
          <Alert variant="danger" className="mt-3">
            {errore}
          </Alert>
        )}
      </div>
      {risultato && <Risultato risultato={risultato} />}
    </section>
  );
}

/** Self-contained: give it the session, it loads the venues and their teams. */
export function BigliettiniConsegnaTab({ sessioneId }: { sessioneId: number }) {
  const { user } = useCurrentUser();
  const sessione = useSessione(sessioneId);
  const poli = usePoli(sessione.data?.evento ?? 0);
  const squadre = useSquadreInSessione(sessioneId);
  return (
    <QueryState query={sessione}>
      {(s) => (
        <QueryState query={poli}>
          {(list) => {
            const diSessione = list.filter((p) => s.poli.includes(p.id));
            // Venue managers see their venues; the server checks anyway.
            const miei = user.is_superuser
              ? diSessione
              : diSessione.filter((p) => p.responsabili.some((r) => r.email === user.email));
            const visibili = miei.length > 0 ? miei : diSessione;
            if (visibili.length === 0) return <p>Questa sessione non ha poli.</p>;
            const ordinati = [...visibili].sort((a, b) =>
              a.nome_breve.localeCompare(b.nome_breve, 'it'),
            );
            return (
              <QueryState query={squadre}>
                {(listaSquadre) => (
                  <Biglietti
                    sessioneId={sessioneId}
                    poli={ordinati}
                    squadre={listaSquadre}
                    conclusa={Date.now() > Date.parse(s.fine)}
                  />
                )}
              </QueryState>
            );
          }}
        </QueryState>
      )}
    </QueryState>
  );
}
