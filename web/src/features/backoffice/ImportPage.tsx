// /admin/import/: 'Importa dal sito olimpiadi' (issue 15). A document of the
// external site (import-format.md) is uploaded, checked without writing (the
// dry run: per record new, changed fields old → new, unchanged, and every
// error with its place), then applied; below, the scheduled sync's last runs
// and its 'Sincronizza ora'.
import {
  conta,
  type DettaglioImport,
  type EsitoImport,
  type Sincronizzazione,
} from '@gas/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { checkAnswer } from '../../api/client';
import { typedApi } from '../../api/typed';
import { ApiError } from '../../api/errors';
import { serverErrorMessage } from '../../components/form/useApiForm';
import { QueryState } from '../../components/QueryState';
import { useToasts } from '../../components/toasts/ToastContext';
import { formatDateTime } from '../../lib/romeTime';

/** The server's bound on a document (IMPORT_LIMITI.corpo). */
const MAX_BYTES = 20 * 1024 * 1024;
/** Records of the review shown at once. */
const SHOWN = 300;

const ESITO: Record<DettaglioImport['esito'], { label: string; bg: string }> = {
  creato: { label: 'nuovo', bg: 'success' },
  aggiornato: { label: 'cambia', bg: 'warning' },
  invariato: { label: 'invariato', bg: 'secondary' },
};
const TIPO: Record<DettaglioImport['tipo'], string> = {
  scuola: 'Scuola',
  responsabile: 'Responsabile',
  squadra: 'Squadra',
};

const valore = (v: unknown) =>
  v === null || v === undefined || v === ''
    ? '—'
    : Array.isArray(v)
      ? v.join(', ') || '—'
      : typeof v === 'boolean'
        ? v
          ? 'sì'
          : 'no'
        : String(v);

/** Sends the document; a 400 with a summary is an answer too (the document's errors). */
async function invia(documento: unknown, dryRun: boolean): Promise<EsitoImport> {
  try {
    return await typedApi.post('/api/admin/import/', 'esitoImport', {
      body: documento,
      query: dryRun ? { dry_run: 1, dettagli: 1 } : {},
    });
  } catch (error) {
    const body = error instanceof ApiError ? error.body : null;
    if (typeof body === 'object' && body !== null && 'errori' in body && Array.isArray(body.errori))
      return checkAnswer('/api/admin/import/', 'esitoImport', 'one', body);
    throw error;
  }
}

const COLONNE = [
  ['Nuovi', 'creati'],
  ['Cambiano', 'aggiornati'],
  ['Invariati', 'invariati'],
] as const;

/**
 * The counts per kind of record: a table from 576 px up; on a phone, where
 * four columns do not fit in 360 px (the table was clipped, issue 26), one
 * line per kind that wraps.
 */
function Conteggi({ esito }: { esito: EsitoImport }) {
  const righe = [
    ['Scuole', 'scuole'],
    ['Responsabili', 'responsabili'],
    ['Squadre', 'squadre'],
  ] as const;
  return (
    <div data-testid="conteggi-import" className="mb-3">
      <Table size="sm" className="w-auto d-none d-sm-table mb-0">
        <thead>
          <tr>
            <th scope="col" />
            {COLONNE.map(([label]) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {righe.map(([label, k]) => (
            <tr key={k}>
              <th scope="row">{label}</th>
              {COLONNE.map(([, campo]) => (
                <td key={campo}>{esito[campo][k]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
      <ul className="list-unstyled d-sm-none mb-0">
        {righe.map(([label, k]) => (
          <li key={k}>
            <span className="fw-semibold">{label}</span>:{' '}
            {COLONNE.map(([nome, campo]) => `${nome.toLowerCase()} ${esito[campo][k]}`).join(', ')}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The first records of a long list, then how many more. */
const elenco = (voci: string[], quanti = 20) =>
  voci.length <= quanti
    ? voci.join(', ')
    : `${voci.slice(0, quanti).join(', ')} e altri ${voci.length - quanti}`;

/** 'Fermi A (t-77)': by name, with the code; a summary stored before names were added has codes only. */
function nomiNonPiuPresenti(esito: EsitoImport) {
  const nomi = esito.non_piu_presenti_nomi;
  const conNome = (lista: { id_esterno: string; nome: string }[]) =>
    lista.map((r) => (r.nome ? `${r.nome} (${r.id_esterno})` : r.id_esterno));
  return nomi
    ? { responsabili: conNome(nomi.responsabili), squadre: conNome(nomi.squadre) }
    : esito.non_piu_presenti;
}

function NonPiuPresenti({ esito }: { esito: EsitoImport }) {
  const { responsabili, squadre } = nomiNonPiuPresenti(esito);
  if (responsabili.length + squadre.length === 0) return null;
  return (
    <Alert variant="info" className="small">
      Non più presenti nel documento (restano in GaS, l’importazione non cancella nulla):
      {responsabili.length > 0 && <div>Responsabili: {elenco(responsabili)}</div>}
      {squadre.length > 0 && <div>Squadre: {elenco(squadre)}</div>}
    </Alert>
  );
}

function Errori({ esito }: { esito: EsitoImport }) {
  if (esito.errori.length === 0) return null;
  return (
    <Alert variant="danger">
      <p className="fw-semibold mb-2">
        Il documento ha {esito.errori.length === 1 ? 'un errore' : `${esito.errori.length} errori`}:
        nulla è stato importato.
      </p>
      <ul className="mb-0 small" data-testid="errori-import">
        {esito.errori.map((e, i) => (
          <li key={i} className="text-break">
            {e.dove ? (
              <>
                <span className="fw-semibold">{e.dove}</span> <code>{e.luogo}</code>
              </>
            ) : (
              <code>{e.luogo}</code>
            )}
            : {e.messaggio}
          </li>
        ))}
      </ul>
    </Alert>
  );
}

function Revisione({ dettagli }: { dettagli: DettaglioImport[] }) {
  const [tutti, setTutti] = useState(false);
  const visibili = dettagli.filter((d) => tutti || d.esito !== 'invariato');
  return (
    <>
      <Form.Check
        id="mostra-invariati"
        className="mb-2"
        label={`Mostra anche gli invariati (${dettagli.filter((d) => d.esito === 'invariato').length})`}
        checked={tutti}
        onChange={(e) => setTutti(e.target.checked)}
      />
      {visibili.length === 0 ? (
        <p className="text-body-secondary">Nessun cambiamento.</p>
      ) : (
        <>
          {/* A list, not a table: a record's changes stay readable at 360 px. */}
          <ul className="list-group mb-3" data-testid="revisione-import">
            {visibili.slice(0, SHOWN).map((d) => (
              <li key={`${d.tipo}:${d.chiave}`} className="list-group-item">
                <div className="d-flex flex-wrap align-items-center gap-2">
                  <Badge bg={ESITO[d.esito].bg}>{ESITO[d.esito].label}</Badge>
                  <span className="text-body-secondary small">{TIPO[d.tipo]}</span>
                  <code className="small">{d.chiave}</code>
                  <span className="fw-semibold">{d.nome}</span>
                </div>
                {d.esito === 'aggiornato' && (
                  <ul className="small mb-0 mt-1 ps-3">
                    {Object.entries(d.modifiche).map(([campo, [prima, dopo]]) => (
                      <li key={campo}>
                        {campo}: {valore(prima)} → {valore(dopo)}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
          {visibili.length > SHOWN && (
            <p className="small text-body-secondary">
              Mostrati i primi {SHOWN} di {visibili.length}.
            </p>
          )}
        </>
      )}
    </>
  );
}

function Importa() {
  const [documento, setDocumento] = useState<unknown>(null);
  const [nomeFile, setNomeFile] = useState('');
  const [errore, setErrore] = useState<string | null>(null);
  const [prova, setProva] = useState<EsitoImport | null>(null);
  const [applicato, setApplicato] = useState<EsitoImport | null>(null);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const toasts = useToasts();

  const scegli = async (file: File | undefined) => {
    setProva(null);
    setApplicato(null);
    setErrore(null);
    setDocumento(null);
    if (!file) return;
    setNomeFile(file.name);
    if (file.size > MAX_BYTES) {
      setErrore('Il file supera i 20 MB.');
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      setErrore('Il file non è un documento JSON valido.');
      return;
    }
    setDocumento(parsed);
    setBusy(true);
    try {
      setProva(await invia(parsed, true));
    } catch (error) {
      setErrore(serverErrorMessage(error, 'detail') ?? 'Controllo non riuscito.');
    } finally {
      setBusy(false);
    }
  };

  const applica = async () => {
    setBusy(true);
    try {
      const esito = await invia(documento, false);
      if (esito.applicato) {
        setApplicato(esito);
        setProva(null);
        toasts.show({ title: 'Importazione', message: 'Documento importato.', variant: 'success' });
        await queryClient.invalidateQueries({ queryKey: ['admin'] });
      } else {
        // Something changed in GaS since the check: show the new errors.
        setProva(esito);
      }
    } catch (error) {
      setErrore(serverErrorMessage(error, 'detail') ?? 'Importazione non riuscita.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="titolo-importa" className="mb-5">
      <h2 id="titolo-importa" className="h4">
        Importa un documento
      </h2>
      <p className="small text-body-secondary">
        Il file JSON esportato dal sito olimpiadi (scuole, responsabili principali e squadre
        ufficiali di un evento). Prima viene controllato senza scrivere nulla; poi lo applichi.
      </p>
      <Form.Group controlId="file-import" className="mb-3">
        <Form.Label>Documento (JSON, al massimo 20 MB)</Form.Label>
        <Form.Control
          type="file"
          accept=".json,application/json"
          disabled={busy}
          onChange={(e) => void scegli((e.target as HTMLInputElement).files?.[0])}
        />
      </Form.Group>
      {busy && <p role="status">Controllo in corso…</p>}
      {errore && <Alert variant="danger">{errore}</Alert>}
      {prova && (
        <div data-testid="prova-import">
          <h3 className="h5">Controllo di {nomeFile}</h3>
          <Errori esito={prova} />
          {prova.errori.length === 0 && (
            <>
              <Conteggi esito={prova} />
              <NonPiuPresenti esito={prova} />
              <Revisione dettagli={prova.dettagli ?? []} />
              <Button onClick={() => void applica()} disabled={busy}>
                Applica l’importazione
              </Button>
            </>
          )}
        </div>
      )}
      {applicato && (
        <Alert variant="success" data-testid="esito-import">
          <p className="fw-semibold">Importazione applicata.</p>
          <Conteggi esito={applicato} />
          <NonPiuPresenti esito={applicato} />
        </Alert>
      )}
    </section>
  );
}

const ESITO_RUN: Record<Sincronizzazione['esito'], { label: string; bg: string }> = {
  in_corso: { label: 'in corso', bg: 'info' },
  applicato: { label: 'applicata', bg: 'success' },
  rifiutato: { label: 'documento rifiutato', bg: 'danger' },
  fallito: { label: 'non riuscita', bg: 'danger' },
};

function descrivi(run: Sincronizzazione) {
  if (run.errore) return run.errore;
  const r = run.riepilogo;
  if (!r) return '';
  if (r.errori.length > 0)
    return `${conta(r.errori.length, 'errore', 'errori')}, p.es. ${r.errori[0]!.dove ?? r.errori[0]!.luogo}: ${r.errori[0]!.messaggio}`;
  const somma = (c: EsitoImport['creati']) => c.scuole + c.responsabili + c.squadre;
  return `nuovi ${somma(r.creati)}, cambiati ${somma(r.aggiornati)}, invariati ${somma(r.invariati)}`;
}

function Sincronizzazioni() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [errore, setErrore] = useState<string | null>(null);
  const key = ['admin', 'import', 'sincronizzazioni'];
  const stato = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      typedApi.get('/api/admin/import/sincronizzazioni/', 'statoSincronizzazione', { signal }),
  });
  const ora = async () => {
    setBusy(true);
    setErrore(null);
    try {
      await typedApi.post('/api/admin/import/sincronizza/', 'sincronizzazione');
    } catch (error) {
      setErrore(serverErrorMessage(error, 'detail') ?? 'Sincronizzazione non riuscita.');
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    }
  };
  return (
    <section aria-labelledby="titolo-sync">
      <h2 id="titolo-sync" className="h4">
        Sincronizzazione pianificata
      </h2>
      <QueryState query={stato}>
        {(s) => (
          <>
            {s.configurata ? (
              <p className="small">
                Ogni {s.ogni_minuti === 1 ? 'minuto' : `${s.ogni_minuti} minuti`} da{' '}
                <code>{s.sorgente}</code>.
              </p>
            ) : (
              <p className="small text-body-secondary">
                Non configurata: imposta <code>GAS_SYNC_URL</code> (e <code>GAS_SYNC_TOKEN</code>)
                sul server per scaricare il documento a intervalli regolari.
              </p>
            )}
            <Button
              variant="outline-primary"
              className="mb-3"
              disabled={!s.configurata || busy}
              onClick={() => void ora()}
            >
              {busy ? 'Sincronizzazione in corso…' : 'Sincronizza ora'}
            </Button>
            {errore && <Alert variant="danger">{errore}</Alert>}
            {s.esecuzioni.length > 0 && (
              <div className="table-responsive">
                <Table size="sm" className="align-middle" data-testid="sincronizzazioni">
                  <thead>
                    <tr>
                      <th scope="col">Inizio</th>
                      <th scope="col">Avviata da</th>
                      <th scope="col">Esito</th>
                      <th scope="col">Documento del</th>
                      <th scope="col">Dettagli</th>
                    </tr>
                  </thead>
                  <tbody>
                    {s.esecuzioni.map((run) => (
                      <tr key={run.id}>
                        <td className="text-nowrap">{formatDateTime(run.inizio)}</td>
                        <td>{run.avviata_da}</td>
                        <td>
                          <Badge bg={ESITO_RUN[run.esito].bg}>{ESITO_RUN[run.esito].label}</Badge>
                        </td>
                        <td className="small">{run.generato || '—'}</td>
                        <td className="small">{descrivi(run)}</td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              </div>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}

export function ImportPage() {
  return (
    <>
      <nav aria-label="Percorso" className="small mb-2">
        <Link to="/admin/">Amministrazione</Link>
      </nav>
      <h1 className="h2">Importa dal sito olimpiadi</h1>
      <Importa />
      <Sincronizzazioni />
    </>
  );
}
