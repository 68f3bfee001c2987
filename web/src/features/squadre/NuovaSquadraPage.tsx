// nuova-squadra/ ('Iscrizione squadra', spec §2, §5): a team in a session of
// an unofficial event whose enrolment is open to the user. `?sessione=` or
// `?evento=` preselect the session.
import type { Evento } from '@gas/contracts';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useSearchParams } from 'react-router';
import { squadraCreateRequest } from '@gas/contracts';
import { Page } from '../../components/Page';
import { QueryState } from '../../components/QueryState';
import { RequireLogin } from '../../components/RequireLogin';
import { formatDateTime } from '../../lib/romeTime';
import { FormAlert } from '../../components/form/FormAlert';
import { useApiForm } from '../../components/form/useApiForm';
import { zodResolver } from '../../components/form/zodResolver';
import { iscriviSquadra, useEventiNonUfficiali, useMieScuole } from './api';
import { SITO_OLIMPIADI, SQUADRA_ISCRITTA, squadraIscritta } from './texts';

export const NESSUNA_SESSIONE_APERTA =
  'Al momento non ci sono sessioni di eventi non ufficiali con le iscrizioni aperte per te.';

interface Values {
  nome: string;
  sessione: string;
  scuola: string;
}

interface Opzione {
  id: number;
  label: string;
  evento: number;
}

/** Sessions of unofficial events where the user may enrol now (the server's permessi). */
export function sessioniAperte(eventi: Evento[]): Opzione[] {
  return eventi
    .filter((e) => e.tipologia !== 'o' && e.permessi?.puo_iscrivere_squadre)
    .sort((a, b) => a.inizio.localeCompare(b.inizio))
    .flatMap((e) =>
      (e.sessioni ?? []).map((s) => ({
        id: s.id,
        evento: e.id,
        label:
          (e.sessioni ?? []).length > 1
            ? `${e.titolo} — ${s.nome}`
            : `${e.titolo} (${formatDateTime(e.inizio)})`,
      })),
    );
}

const toPayload = (v: Values) => ({
  nome: v.nome,
  sessione: v.sessione === '' ? undefined : Number(v.sessione),
  scuola: v.scuola === '' ? null : Number(v.scuola),
});

function Iscrizione({ opzioni }: { opzioni: Opzione[] }) {
  const [params] = useSearchParams();
  const scuole = useMieScuole();
  const wanted = Number(params.get('sessione'));
  const wantedEvento = Number(params.get('evento'));
  const initial =
    opzioni.find((o) => o.id === wanted) ??
    opzioni.find((o) => o.evento === wantedEvento) ??
    (opzioni.length === 1 ? opzioni[0] : undefined);
  const defaults: Values = { nome: '', sessione: initial ? String(initial.id) : '', scuola: '' };
  const [iscritta, setIscritta] = useState<{ nome: string; sessione: number } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    general,
    setGeneral,
    showServerError,
    formState: { errors, isSubmitting },
  } = useApiForm<Values>({
    defaultValues: defaults,
    resolver: zodResolver(squadraCreateRequest, toPayload),
  });

  const onSubmit = handleSubmit(async (values) => {
    setGeneral(null);
    setIscritta(null);
    try {
      // Checked by the resolver with the same schema: read again, it has the request's type.
      const squadra = await iscriviSquadra(squadraCreateRequest.parse(toPayload(values)));
      setIscritta({ nome: squadra.nome, sessione: squadra.sessione });
      reset({ ...defaults, sessione: getValues('sessione'), scuola: getValues('scuola') });
    } catch (error) {
      showServerError(error, ['nome', 'sessione', 'scuola']);
    }
  });

  return (
    <Form noValidate onSubmit={(e) => void onSubmit(e)} style={{ maxWidth: '40rem' }}>
      <div aria-live="polite">
        {iscritta && (
          <Alert
            variant="success"
            dismissible
            onClose={() => setIscritta(null)}
            closeLabel="Chiudi"
          >
            <Alert.Heading as="h2" className="h5">
              {SQUADRA_ISCRITTA}
            </Alert.Heading>
            <p className="mb-1">{squadraIscritta(iscritta.nome)}</p>
            <Link to={`/sessione/${iscritta.sessione}/le-tue-squadre/`}>Vai alle tue squadre</Link>
          </Alert>
        )}
      </div>
      <Form.Group className="mb-3" controlId="squadra-nome">
        <Form.Label>Nome</Form.Label>
        <Form.Control
          {...register('nome')}
          autoComplete="off"
          isInvalid={!!errors.nome}
          autoFocus
        />
        <Form.Control.Feedback type="invalid">{errors.nome?.message}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId="squadra-sessione">
        <Form.Label>Sessione</Form.Label>
        <Form.Select {...register('sessione')} isInvalid={!!errors.sessione}>
          <option value="">Scegli la sessione</option>
          {opzioni.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </Form.Select>
        <Form.Text>Solo le sessioni di eventi non ufficiali con le iscrizioni aperte.</Form.Text>
        <Form.Control.Feedback type="invalid">{errors.sessione?.message}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId="squadra-scuola">
        <Form.Label>Scuola</Form.Label>
        <Form.Select {...register('scuola')} isInvalid={!!errors.scuola}>
          <option value="">Nessuna</option>
          {(scuole.data ?? []).map((s) => (
            <option key={s.id} value={s.id}>
              {s.nome}
              {s.indirizzo.citta ? ` (${s.indirizzo.citta.name})` : ''}
            </option>
          ))}
        </Form.Select>
        <Form.Text>Facoltativa: negli eventi non ufficiali la scuola non conta.</Form.Text>
        <Form.Control.Feedback type="invalid">{errors.scuola?.message}</Form.Control.Feedback>
      </Form.Group>
      <FormAlert message={general} />
      <Button type="submit" disabled={isSubmitting}>
        Iscrivi la squadra
      </Button>
    </Form>
  );
}

function Contenuto() {
  const eventi = useEventiNonUfficiali();
  return (
    <QueryState query={eventi}>
      {(list) => {
        const opzioni = sessioniAperte(list);
        if (opzioni.length === 0) return <Alert variant="info">{NESSUNA_SESSIONE_APERTA}</Alert>;
        return <Iscrizione opzioni={opzioni} />;
      }}
    </QueryState>
  );
}

export default function NuovaSquadraPage() {
  return (
    <RequireLogin>
      <Page title="Iscrizione squadra">
        <p>
          Le squadre delle gare ufficiali si registrano su my{SITO_OLIMPIADI}; qui puoi iscrivere
          squadre agli eventi non ufficiali (di allenamento).
        </p>
        <Contenuto />
      </Page>
    </RequireLogin>
  );
}
