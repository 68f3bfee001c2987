// /admin/<nome>/<id>/ and /admin/<nome>/nuovo/: a record's form, generated
// from the resource's request schema (checked with it before sending, the
// server's field errors shown on the fields), its deletion with what would go
// with it (twice confirmed, and only by a superuser, when answers would go),
// and its history from the audit log.
import {
  conta,
  permessiRecordSchema,
  plurale,
  type AnteprimaCorrezione,
  type PermessiRecord,
  type RisorsaAdmin,
} from '@gas/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../api/queries';
import { toWall, wallToIso } from '../../lib/romeTime';
import { DateTimeInput } from '../../components/form/DateTimeInput';
import { applyServerErrors } from '../../components/form/useApiForm';
import { zodIssues } from '../../components/form/zodResolver';
import NotFoundPage from '../../components/NotFoundPage';
import { QueryState } from '../../components/QueryState';
import { useToasts } from '../../components/toasts/ToastContext';
import {
  adminKeys,
  anteprimaCorrezione,
  createRecord,
  deleteRecord,
  fetchDipendenze,
  fetchPermessiNuovo,
  fetchRecord,
  patchRecord,
  useTitlesOf,
  type Record_,
} from './api';
import { campiDi, risorsaByNome, type Campo } from './fields';
import { ConfermaCorrezione } from '../../components/ConfermaCorrezione';
import { testoCorrezione } from '../../lib/correzione';
import { mostra } from './format';
import { Correlati } from './Correlati';
import { RiferimentiPicker, RiferimentoPicker } from './Riferimento';
import { InvitoPassword } from './InvitoPassword';
import { Storia } from './Storia';
import { ScaricaClassifica } from '../../components/ScaricaClassifica';

type Values = Record<string, string | boolean | string[]>;

/** The form's text for a value of the record. */
function toInput(campo: Campo, value: unknown): string | boolean | string[] {
  if (campo.kind.tipo === 'booleano') return value === true;
  if (campo.kind.tipo === 'riferimenti') return Array.isArray(value) ? value.map(String) : [];
  if (value === null || value === undefined) return '';
  // Date-times are edited on Rome's clock, as everywhere in the app.
  if (campo.kind.tipo === 'dataora' && typeof value === 'string') return toWall(value);
  return String(value);
}

/** The request value of a form input ('' = null or absent). */
function fromInput(campo: Campo, value: string | boolean | string[]): unknown {
  if (campo.kind.tipo === 'booleano') return value === true;
  if (campo.kind.tipo === 'riferimenti') return (value as string[]).map(Number);
  const text = String(value);
  if (text.trim() === '')
    return campo.nullable ? null : campo.kind.tipo === 'testo' ? '' : undefined;
  if (campo.kind.tipo === 'numero' || campo.kind.tipo === 'riferimento') {
    const n = Number(text.replace(',', '.'));
    return Number.isNaN(n) ? text : n;
  }
  if (campo.kind.tipo === 'dataora') return wallToIso(text) ?? text;
  return text;
}

function Input(props: {
  campo: Campo;
  value: string | boolean | string[];
  error?: string;
  onChange(v: string | boolean | string[]): void;
  /** Only the referenced records with this field equal to this value (a team's sessions of its event). */
  vincolo?: { campo: string; valore: string };
}) {
  const { campo, value, error, vincolo } = props;
  const rif =
    campo.kind.tipo === 'riferimento' || campo.kind.tipo === 'riferimenti'
      ? risorsaByNome.get(campo.kind.risorsa)
      : undefined;
  const id = `campo-${campo.nome}`;
  const k = campo.kind;
  let input;
  if (k.tipo === 'dataora') {
    input = (
      <DateTimeInput
        id={id}
        value={String(value)}
        isInvalid={!!error}
        onChange={(v) => props.onChange(v)}
      />
    );
  } else if (k.tipo === 'booleano') {
    return (
      <Form.Group className="mb-3">
        <Form.Check
          id={id}
          label={campo.etichetta}
          checked={value === true}
          isInvalid={!!error}
          feedback={error}
          feedbackType="invalid"
          onChange={(e) => props.onChange(e.target.checked)}
        />
      </Form.Group>
    );
  } else if (k.tipo === 'riferimento' && rif) {
    input = (
      <RiferimentoPicker
        id={id}
        risorsa={rif}
        value={value === '' ? null : Number(value)}
        filtro={vincolo && vincolo.valore !== '' ? { [vincolo.campo]: vincolo.valore } : undefined}
        isInvalid={!!error}
        vuoto={campo.obbligatorio ? 'Cerca e scegli…' : 'Nessuno (cerca per scegliere)'}
        onChange={(rid) => props.onChange(rid === null ? '' : String(rid))}
      />
    );
  } else if (k.tipo === 'riferimenti' && rif) {
    input = (
      <RiferimentiPicker
        id={id}
        risorsa={rif}
        value={(value as string[]).map(Number)}
        isInvalid={!!error}
        onChange={(ids) => props.onChange(ids.map(String))}
      />
    );
  } else if (k.tipo === 'scelta') {
    const options = k.valori.map((v) => [v, mostra(campo, v)] as const);
    input = (
      <Form.Select
        id={id}
        value={String(value)}
        isInvalid={!!error}
        onChange={(e) => props.onChange(e.target.value)}
      >
        <option value="">{campo.obbligatorio ? 'Scegli…' : '—'}</option>
        {options.map(([v, label]) => (
          <option key={v} value={v}>
            {label}
          </option>
        ))}
      </Form.Select>
    );
  } else {
    const type =
      k.tipo === 'numero' || k.tipo === 'riferimento'
        ? 'number'
        : k.tipo === 'password'
          ? 'password'
          : 'text';
    const common = {
      id,
      value: String(value),
      isInvalid: !!error,
      onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        props.onChange(e.target.value),
    };
    input =
      k.tipo === 'testo' && k.lungo ? (
        <Form.Control as="textarea" rows={4} {...common} />
      ) : (
        <Form.Control
          type={type}
          step={k.tipo === 'numero' && !k.intero ? 'any' : undefined}
          autoComplete={k.tipo === 'password' ? 'new-password' : undefined}
          {...common}
        />
      );
  }
  return (
    <Form.Group className="mb-3">
      <Form.Label htmlFor={id}>
        {campo.etichetta}
        {campo.obbligatorio && <span aria-hidden> *</span>}
      </Form.Label>
      {input}
      {campo.aiuto && <Form.Text className="d-block">{campo.aiuto}</Form.Text>}
      {/* d-block: a reference's input is wrapped, not the feedback's sibling. */}
      <Form.Control.Feedback type="invalid" className={error ? 'd-block' : undefined}>
        {error}
      </Form.Control.Feedback>
    </Form.Group>
  );
}

/**
 * A reference narrowed by another field of the same form: the referenced
 * resource has a filter pointing where one of this form's fields points (a
 * team's session among the sessions of the team's event).
 */
function vincoloDi(campo: Campo, campi: Campo[], values: Values) {
  if (campo.kind.tipo !== 'riferimento') return undefined;
  const target = risorsaByNome.get(campo.kind.risorsa);
  if (!target) return undefined;
  for (const other of campi) {
    if (other === campo || other.kind.tipo !== 'riferimento') continue;
    const via = Object.entries(target.campi).find(
      ([, c]) => c.filtro && c.riferimento === (other.kind as { risorsa: string }).risorsa,
    );
    if (via) return { campo: via[0], valore: String(values[other.nome] ?? '') };
  }
  return undefined;
}

function Elimina({ risorsa, record }: { risorsa: RisorsaAdmin; record: Record_ }) {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const deps = useQuery({
    queryKey: [...adminKeys.record(risorsa.nome, record.id), 'dipendenze'],
    queryFn: () => fetchDipendenze(risorsa.nome, record.id),
    enabled: step > 0,
  });
  const risposte = deps.data?.risposte ?? 0;
  const serveForza = risposte > 0;
  const go = async () => {
    try {
      await deleteRecord(risorsa.nome, record.id, serveForza);
      await queryClient.invalidateQueries({ queryKey: ['admin', risorsa.nome] });
      toasts.show({ title: risorsa.singolare, message: 'Eliminato.', variant: 'success' });
      navigate(`/admin/${risorsa.nome}/`);
    } catch (e) {
      setError(applyServerErrors(e, () => undefined, []) ?? 'Eliminazione non riuscita.');
    }
  };
  if (step === 0) {
    return (
      <Button variant="outline-danger" onClick={() => setStep(1)}>
        Elimina
      </Button>
    );
  }
  return (
    <Alert variant="danger" className="mt-3">
      <p className="fw-semibold mb-1">Eliminare «{String(record[risorsa.titolo] ?? record.id)}»?</p>
      {deps.data && (
        <>
          {deps.data.dipendenze.length > 0 ? (
            <>
              <p className="mb-1">Con questo elemento vanno o cambiano:</p>
              <ul>
                {deps.data.dipendenze.map((d) => (
                  <li key={d.risorsa + d.etichetta}>
                    {d.etichetta}: {d.numero}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="mb-1">Nient’altro dipende da questo elemento.</p>
          )}
          {serveForza && (
            <p className="mb-1">
              {plurale(risposte, 'Verrebbe cancellata', 'Verrebbero cancellate')} anche{' '}
              {conta(risposte, 'risposta', 'risposte')} (jolly compresi).{' '}
              {user.is_superuser
                ? 'Solo un superutente può farlo: conferma due volte.'
                : 'Solo un superutente può farlo.'}
            </p>
          )}
        </>
      )}
      {error && <p className="mb-1">{error}</p>}
      <div className="d-flex gap-2">
        {deps.data && (!serveForza || user.is_superuser) && (
          <Button
            variant="danger"
            onClick={() => (serveForza && step === 1 ? setStep(2) : void go())}
          >
            {serveForza && step === 1
              ? 'Elimina con le risposte'
              : serveForza
                ? 'Conferma: elimina anche le risposte'
                : 'Conferma eliminazione'}
          </Button>
        )}
        <Button variant="outline-secondary" onClick={() => setStep(0)}>
          Annulla
        </Button>
      </div>
    </Alert>
  );
}

/**
 * What the signed-in user may do with a record, as its answer says (issue
 * 26: an account of staff or of a superuser); no `permessi`: everything the
 * page offers.
 */
function permessiDi(permessi: unknown): PermessiRecord {
  const parsed = permessiRecordSchema.safeParse(permessi);
  return parsed.success
    ? parsed.data
    : { modifica: true, elimina: true, campi_bloccati: [], invito_password: true };
}

/** A field only written, never shown (a password): hidden rather than shown read-only. */
const soloScrittura = (risorsa: RisorsaAdmin, campo: Campo) => !(campo.nome in risorsa.item.shape);

function Scheda({
  risorsa,
  record,
  permessiNuovo,
}: {
  risorsa: RisorsaAdmin;
  record: Record_ | null;
  /** A new record: what the server says the user may set on it. */
  permessiNuovo?: PermessiRecord;
}) {
  const permessi = record ? permessiDi(record.permessi) : permessiDi(permessiNuovo);
  const bloccati = new Set(permessi.campi_bloccati);
  const campi = campiDi(risorsa).filter(
    (c) =>
      !(record === null && c.solaLettura) &&
      !(bloccati.has(c.nome) && (record === null || soloScrittura(risorsa, c))),
  );
  const editable = record === null || (risorsa.modifica !== false && permessi.modifica);
  // A new record may start from the page it was added from (?evento=3: a session of event 3).
  const [params] = useSearchParams();
  const [values, setValues] = useState<Values>(() =>
    Object.fromEntries(
      campi.map((c) => {
        const preset = record === null ? params.get(c.nome) : null;
        if (preset === null) return [c.nome, toInput(c, record?.[c.nome])];
        return [c.nome, c.kind.tipo === 'riferimenti' ? [preset] : preset];
      }),
    ),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** A corrected solution waiting for confirmation, with what it would change (issue 14, item 4). */
  const [correzione, setCorrezione] = useState<{
    body: Record<string, unknown>;
    anteprima: AnteprimaCorrezione;
  } | null>(null);
  const navigate = useNavigate();
  const toasts = useToasts();
  const queryClient = useQueryClient();

  const save = async (body: Record<string, unknown>) => {
    setCorrezione(null);
    setBusy(true);
    try {
      const saved = record
        ? await patchRecord(risorsa.nome, record.id, body)
        : await createRecord(risorsa.nome, body);
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
      setErrors({});
      setGeneral(null);
      toasts.show({
        title: risorsa.singolare,
        message: record ? 'Modifiche salvate.' : 'Creato.',
        variant: 'success',
      });
      if (!record) navigate(`/admin/${risorsa.nome}/${saved.id}/`);
    } catch (error) {
      const fieldMessages: Record<string, string> = {};
      const message = applyServerErrors(
        error,
        (name, err) => {
          fieldMessages[name] = err.message ?? '';
        },
        campi.map((c) => c.nome),
      );
      setErrors(fieldMessages);
      setGeneral(
        message ?? (Object.keys(fieldMessages).length > 0 ? 'Correggi i campi evidenziati.' : null),
      );
    } finally {
      setBusy(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body: Record<string, unknown> = {};
    for (const c of campi) {
      if (c.solaLettura || bloccati.has(c.nome)) continue;
      const v = fromInput(c, values[c.nome]!);
      const before = record ? JSON.stringify(fromInput(c, toInput(c, record[c.nome]))) : undefined;
      if (v === undefined || (record && JSON.stringify(v) === before)) continue;
      body[c.nome] = v;
    }
    const schema = record ? risorsa.request.partial() : risorsa.request;
    const checked = schema.safeParse(body);
    if (!checked.success) {
      setErrors(zodIssues(checked.error));
      setGeneral('Correggi i campi evidenziati.');
      return;
    }
    const soluzione = ['soluzione', 'soluzione_exp', 'intervallo_validita'].some((k) => k in body);
    if (record && risorsa.nome === 'problema' && soluzione) {
      const anteprima = await anteprimaCorrezione(record.id, body).catch(() => null);
      if (anteprima && anteprima.diventano_corrette + anteprima.diventano_errate > 0) {
        setCorrezione({ body, anteprima });
        return;
      }
    }
    await save(body);
  };

  return (
    <Form onSubmit={submit} noValidate>
      {permessi.motivo && <Alert variant="secondary">{permessi.motivo}</Alert>}
      <div className="row">
        {campi.map((c) => (
          <div key={c.nome} className="col-12 col-md-6">
            {c.solaLettura || !editable || bloccati.has(c.nome) ? (
              <ReadOnly campo={c} value={record?.[c.nome]} />
            ) : (
              <Input
                vincolo={vincoloDi(c, campi, values)}
                campo={c}
                value={values[c.nome]!}
                error={errors[c.nome]}
                onChange={(v) => setValues({ ...values, [c.nome]: v })}
              />
            )}
          </div>
        ))}
      </div>
      {general && <Alert variant="danger">{general}</Alert>}
      {correzione && (
        <ConfermaCorrezione
          righe={[{ testo: testoCorrezione(correzione.anteprima) }]}
          onConferma={() => void save(correzione.body)}
          onAnnulla={() => setCorrezione(null)}
        />
      )}
      <div className="d-flex flex-wrap gap-2">
        {editable && (
          <Button type="submit" disabled={busy}>
            {record ? 'Salva' : 'Crea'}
          </Button>
        )}
        {record && permessi.elimina && <Elimina risorsa={risorsa} record={record} />}
      </div>
    </Form>
  );
}

function ReadOnly({ campo, value }: { campo: Campo; value: unknown }) {
  const rif =
    campo.kind.tipo === 'riferimento' || campo.kind.tipo === 'riferimenti'
      ? risorsaByNome.get(campo.kind.risorsa)
      : undefined;
  const ids = [value].flat().filter((v): v is number => typeof v === 'number');
  const titles = useTitlesOf(rif, ids);
  return (
    <div className="mb-3">
      <div className="form-label">{campo.etichetta}</div>
      <div className="form-control-plaintext">{mostra(campo, value, titles)}</div>
      {campo.aiuto && <div className="form-text">{campo.aiuto}</div>}
    </div>
  );
}

/** A record's name (a manager's is their account's). */
function Titolo({ risorsa, record }: { risorsa: RisorsaAdmin; record: Record_ }) {
  const value = record[risorsa.titolo];
  const via = risorsaByNome.get(risorsa.campi[risorsa.titolo]?.riferimento ?? '');
  const titles = useTitlesOf(via, typeof value === 'number' && via ? [value] : []);
  if (typeof value === 'number' && titles?.get(value)) return <>{titles.get(value)}</>;
  // A joker's answer row has no value: it is named by its id.
  return (
    <>{value === null || value === undefined || value === '' ? `#${record.id}` : String(value)}</>
  );
}

export function RecordPage() {
  const { nome = '', id } = useParams();
  const risorsa = risorsaByNome.get(nome);
  const numero = id === undefined ? null : Number(id);
  const query = useQuery({
    queryKey: adminKeys.record(nome, numero ?? 0),
    queryFn: ({ signal }) => fetchRecord(risorsa!.nome, numero!, signal),
    enabled: risorsa !== undefined && numero !== null && Number.isInteger(numero),
  });
  const permessiNuovo = useQuery({
    queryKey: [...adminKeys.all, nome, 'permessi'],
    queryFn: ({ signal }) => fetchPermessiNuovo(risorsa!.nome, signal),
    enabled: risorsa !== undefined && numero === null,
  });
  if (!risorsa || (numero !== null && !Number.isInteger(numero))) return <NotFoundPage />;
  return (
    <>
      <nav aria-label="Percorso" className="small mb-2">
        <Link to="/admin/">Amministrazione</Link> ›{' '}
        <Link to={`/admin/${nome}/`}>{risorsa.etichetta}</Link>
      </nav>
      {numero === null ? (
        <>
          <h1 className="h2">Nuovo: {risorsa.singolare.toLowerCase()}</h1>
          <QueryState query={permessiNuovo}>
            {(permessi) => <Scheda risorsa={risorsa} record={null} permessiNuovo={permessi} />}
          </QueryState>
        </>
      ) : (
        <QueryState query={query}>
          {(record) => (
            <>
              <h1 className="h2">
                {risorsa.singolare}: <Titolo risorsa={risorsa} record={record} />
              </h1>
              <Scheda key={JSON.stringify(record)} risorsa={risorsa} record={record} />
              {(risorsa.nome === 'sessione' || risorsa.nome === 'evento') && (
                <div className="mt-3">
                  {risorsa.nome === 'sessione' ? (
                    <ScaricaClassifica sessioneId={record.id} />
                  ) : (
                    <ScaricaClassifica eventoId={record.id} />
                  )}
                </div>
              )}
              {risorsa.nome === 'user' && permessiDi(record.permessi).invito_password && (
                <InvitoPassword userId={record.id} />
              )}
              <Correlati nome={risorsa.nome} id={record.id} />
              <h2 className="h4 mt-4">Storia</h2>
              <Storia risorsa={risorsa.nome} oggetto={record.id} />
            </>
          )}
        </QueryState>
      )}
    </>
  );
}
