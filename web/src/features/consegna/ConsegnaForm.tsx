// The answer form (spec §2, §4, §5): team, problem, value, exponent and, for
// the event staff with 'Orario automatico' off, the delivery time. Built for
// a venue desk: Tab follows the fields, Enter sends from any field, and after
// a delivery the cursor is back on the first field to fill.
import type { Evento, Squadra } from '@gas/contracts';
import { useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Row from 'react-bootstrap/Row';
import { Controller, type FieldPath, type Resolver } from 'react-hook-form';
import { MESSAGGI_GARA, rispostaCreateRequest } from '@gas/contracts';
import { parseAnswerValue } from '@gas/scoring';
import { DateTimeInput, TYPED_FORMAT } from '../../components/form/DateTimeInput';
import { toWall, wallToIso } from '../../lib/romeTime';
import { useApiForm } from '../../components/form/useApiForm';
import { useTimedMessage } from '../../components/form/useTimedMessage';
import { zodResolver } from '../../components/form/zodResolver';
import {
  DIGITAZIONE_DISCORDANTE,
  DIGITAZIONE_IN_ATTESA,
  JOLLY_IMPOSTATO,
  NOTICE_MS,
  SALVATA_SUL_DISPOSITIVO,
  STATO_DIGITAZIONE,
  esitoRisposta,
} from './messages';
import type { Outbox } from './uscita/outbox';
import type { Consegna, Invio } from './uscita/tipi';
import { nuovaChiave } from './uscita/useOutbox';

export interface ConsegnaValues {
  squadra: string;
  problema: string;
  valore: string;
  valore_exp: string;
  orario_automatico: boolean;
  momento_consegna: string;
}

const FIELDS: FieldPath<ConsegnaValues>[] = [
  'squadra',
  'problema',
  'valore',
  'valore_exp',
  'momento_consegna',
];

export const MOMENTO_NON_VALIDO = `Data e ora non valide: usa il formato ${TYPED_FORMAT}.`;

const idOrUndefined = (v: string) => (v === '' ? undefined : Number(v));

function toPayload(values: ConsegnaValues, sceglieMomento: boolean) {
  const manual = sceglieMomento && !values.orario_automatico;
  return {
    squadra: idOrUndefined(values.squadra),
    problema: idOrUndefined(values.problema),
    valore: values.valore.trim() === '' ? undefined : values.valore,
    valore_exp: values.valore_exp.trim() === '' ? 0 : Number(values.valore_exp),
    ...(manual && { momento_consegna: wallToIso(values.momento_consegna) ?? undefined }),
  };
}

const schema = rispostaCreateRequest.superRefine((body, ctx) => {
  if (body.valore.trim() !== '' && parseAnswerValue(body.valore) === null) {
    ctx.addIssue({ code: 'custom', path: ['valore'], message: MESSAGGI_GARA.valoreNonValido });
  }
});

function makeResolver(sceglieMomento: boolean): Resolver<ConsegnaValues> {
  const base = zodResolver<ConsegnaValues>(schema, (v) => toPayload(v, sceglieMomento));
  return async (values, context, options) => {
    const result = await base(values, context, options);
    if (sceglieMomento && !values.orario_automatico && !wallToIso(values.momento_consegna)) {
      const errors = { ...result.errors };
      errors.momento_consegna = {
        type: 'validation',
        message: values.momento_consegna ? MOMENTO_NON_VALIDO : 'Indica il momento di consegna.',
      };
      return { values: {}, errors };
    }
    return result;
  };
}

interface ConsegnaFormProps {
  evento: Evento;
  squadre: Squadra[];
  /** Session names by id, to tell teams of different sessions apart. */
  sessioni?: Map<number, string>;
  /** The user's outbox: every submission goes through it (uscita/outbox.ts). */
  outbox: Outbox;
  utente: number;
  /** Server time - local time (ms): the typed time is on the server's clock. */
  offset: number;
  onDelivered(): void;
}

export function ConsegnaForm({
  evento,
  squadre,
  sessioni,
  outbox,
  utente,
  offset,
  onDelivered,
}: ConsegnaFormProps) {
  const sceglieMomento = evento.permessi?.puo_scegliere_momento_consegna === true;
  const unica = squadre.length === 1 ? String(squadre[0]!.id) : '';
  const defaults: ConsegnaValues = {
    squadra: unica,
    problema: '',
    valore: '',
    valore_exp: '0',
    orario_automatico: true,
    momento_consegna: '',
  };
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    getValues,
    setValue,
    trigger,
    watch,
    showServerError,
    formState: { errors },
  } = useApiForm<ConsegnaValues>({
    defaultValues: defaults,
    resolver: makeResolver(sceglieMomento),
  });
  const notice = useTimedMessage(NOTICE_MS);
  // 'Salvata su questo dispositivo…' says something waits: it goes once nothing does.
  const qualcosaInAttesa = useSyncExternalStore(outbox.subscribe, () =>
    outbox.read().invii.some((i) => i.stato === 'in_attesa'),
  );
  useEffect(() => {
    if (!qualcosaInAttesa && notice.message?.text === SALVATA_SUL_DISPOSITIVO) notice.clear();
  }, [qualcosaInAttesa, notice.message, notice.clear]);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const automatico = watch('orario_automatico');
  const manuale = sceglieMomento && !automatico;

  const problemi = [...(evento.problemi ?? [])].sort((a, b) => a.ordine - b.ordine);

  /** Focus by the field's name (the form's own elements: reliable after a reset). */
  const setFocus = (name: FieldPath<ConsegnaValues>) => {
    const el = formRef.current?.elements.namedItem(name);
    if (el instanceof HTMLElement) el.focus();
  };

  /** Clears the form (the team stays if it is the only one) and puts the cursor back. */
  const ricomincia = () => {
    const v = getValues();
    reset({
      ...defaults,
      orario_automatico: v.orario_automatico,
      momento_consegna: v.momento_consegna,
    });
    // After React has re-rendered the cleared fields.
    setTimeout(() => setFocus(unica ? 'problema' : 'squadra'), 0);
  };

  const fallita = (error: unknown) => {
    // The general message is the timed notice here, not the form's alert.
    const general = showServerError(error, FIELDS);
    if (general) notice.show({ variant: 'danger', text: general });
    // After the end the server asks the staff for the slip's delivery time: show
    // the field (hidden while 'Orario automatico' is on) with its message.
    if (sceglieMomento && getValues('orario_automatico') && getFieldError('momento_consegna')) {
      const { error: richiesta } = control.getFieldState('momento_consegna');
      setValue('orario_automatico', false);
      if (richiesta) setError('momento_consegna', richiesta);
    }
    const first = FIELDS.find((f) => getFieldError(f));
    if (first) setFocus(first);
  };
  // Reads the live error state (formState is a snapshot of the last render).
  const getFieldError = (f: FieldPath<ConsegnaValues>) => control.getFieldState(f).error;

  /**
   * Through the outbox: kept on the device first, then sent with its
   * Idempotency-Key. Event staff with 'Orario automatico' send the moment
   * 'Invia' was pressed (momento_digitazione, on the server's clock) while the
   * contest runs, so an answer typed offline keeps its time; after the end the
   * server asks them for the slip's time, as before.
   */
  const consegna = async (cosa: Consegna, values: ConsegnaValues): Promise<Invio | null> => {
    const adesso = new Date(Date.now() + offset);
    const inGara = adesso >= new Date(evento.inizio) && adesso <= new Date(evento.fine);
    const momento =
      sceglieMomento && values.orario_automatico && inGara
        ? { momento_digitazione: adesso.toISOString() }
        : {};
    const squadra = squadre.find((s) => s.id === cosa.corpo.squadra);
    const problema = problemi.find((p) => p.id === cosa.corpo.problema);
    const dati = {
      chiave: nuovaChiave(),
      utente,
      digitata: adesso.toISOString(),
      nomi: { squadra: squadra?.nome ?? '', problema: problema?.nome ?? '' },
      stato: 'in_attesa' as const,
    };
    const invio: Invio =
      cosa.tipo === 'risposta'
        ? { ...dati, tipo: 'risposta', corpo: { ...cosa.corpo, ...momento } }
        : { ...dati, tipo: 'jolly', corpo: { ...cosa.corpo, ...momento } };
    const dopo = await outbox.enqueue(invio);
    if (dopo.stato === 'rifiutata') {
      // Still in the form: its fields show why (the outbox kept nothing).
      fallita(outbox.refusal(invio.chiave));
      return null;
    }
    ricomincia();
    onDelivered();
    if (dopo.stato === 'in_attesa') {
      notice.show({ variant: 'warning', text: SALVATA_SUL_DISPOSITIVO });
      return null;
    }
    return dopo;
  };

  const invia = handleSubmit(
    async (values) => {
      setBusy(true);
      try {
        // Checked by the resolver with the same schema: read again, it has the request's type.
        const corpo = schema.parse(toPayload(values, sceglieMomento));
        const inviata = await consegna({ tipo: 'risposta', corpo }, values);
        const digitazione = inviata?.esito?.digitazione;
        if (digitazione === 'in_attesa' || digitazione === 'discordante') {
          notice.show({
            variant: digitazione === 'in_attesa' ? 'info' : 'warning',
            text: digitazione === 'in_attesa' ? DIGITAZIONE_IN_ATTESA : DIGITAZIONE_DISCORDANTE,
          });
        } else if (digitazione) {
          notice.show({ variant: 'info', text: STATO_DIGITAZIONE[digitazione] });
        } else if (inviata?.esito) {
          notice.show({
            variant: inviata.esito.corretto ? 'success' : 'warning',
            text: esitoRisposta(inviata.esito.corretto === true, inviata.esito.momento),
          });
        }
      } catch (error) {
        fallita(error);
      } finally {
        setBusy(false);
      }
    },
    (invalid) => {
      const first = FIELDS.find((f) => invalid[f]);
      if (first) setFocus(first);
    },
  );

  const jolly = async () => {
    // A new attempt: the outcome of the previous one no longer applies.
    notice.clear();
    const needed: FieldPath<ConsegnaValues>[] = ['squadra', 'problema'];
    if (manuale) needed.push('momento_consegna');
    if (!(await trigger(needed))) {
      const first = needed.find((f) => getFieldError(f));
      if (first) setFocus(first);
      return;
    }
    const values = getValues();
    const payload = toPayload(values, sceglieMomento);
    setBusy(true);
    try {
      const corpo = {
        squadra: payload.squadra!,
        problema: payload.problema!,
        ...(payload.momento_consegna && { momento_consegna: payload.momento_consegna }),
      };
      if (await consegna({ tipo: 'jolly', corpo }, values)) {
        notice.show({ variant: 'success', text: JOLLY_IMPOSTATO });
      }
    } catch (error) {
      fallita(error);
    } finally {
      setBusy(false);
    }
  };

  // Enter sends from a select too (inputs do it natively).
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && event.target instanceof HTMLSelectElement) {
      event.preventDefault();
      formRef.current?.requestSubmit();
    }
  };

  return (
    <Form
      ref={formRef}
      noValidate
      onSubmit={(e) => {
        // A new attempt: the outcome of the previous one no longer applies.
        notice.clear();
        void invia(e);
      }}
      onKeyDown={onKeyDown}
    >
      <Row className="g-3 align-items-start">
        <Form.Group as={Col} xs={12} md={4} controlId="consegna-squadra">
          <Form.Label>Squadra</Form.Label>
          <Form.Select
            {...register('squadra')}
            isInvalid={!!errors.squadra}
            autoFocus={!unica}
            disabled={squadre.length === 0}
          >
            {!unica && <option value="">Scegli la squadra</option>}
            {squadre.map((s) => (
              <option key={s.id} value={s.id}>
                {s.nome}
                {sessioni && sessioni.size > 1 ? ` (${sessioni.get(s.sessione) ?? ''})` : ''}
              </option>
            ))}
          </Form.Select>
          <Form.Control.Feedback type="invalid">{errors.squadra?.message}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group as={Col} xs={12} sm={4} md={2} controlId="consegna-problema">
          <Form.Label>Problema</Form.Label>
          <Form.Select {...register('problema')} isInvalid={!!errors.problema} autoFocus={!!unica}>
            <option value="">Scegli</option>
            {problemi.map((p) => (
              <option key={p.id} value={p.id}>
                {p.nome}
                {p.udm_soluzione ? ` [${p.udm_soluzione}]` : ''}
              </option>
            ))}
          </Form.Select>
          <Form.Control.Feedback type="invalid">{errors.problema?.message}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group as={Col} xs={7} sm={5} md={3} controlId="consegna-valore">
          <Form.Label>Valore</Form.Label>
          <Form.Control
            {...register('valore')}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            isInvalid={!!errors.valore}
            aria-describedby="consegna-valore-aiuto"
          />
          <Form.Text id="consegna-valore-aiuto">Virgola o punto per i decimali.</Form.Text>
          <Form.Control.Feedback type="invalid">{errors.valore?.message}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group as={Col} xs={5} sm={3} md={3} controlId="consegna-esponente">
          <Form.Label>Esponente</Form.Label>
          <InputGroup hasValidation>
            <InputGroup.Text aria-hidden="true">× 10^</InputGroup.Text>
            <Form.Control
              {...register('valore_exp')}
              type="number"
              step={1}
              inputMode="numeric"
              autoComplete="off"
              isInvalid={!!errors.valore_exp}
            />
            <Form.Control.Feedback type="invalid">
              {errors.valore_exp?.message}
            </Form.Control.Feedback>
          </InputGroup>
        </Form.Group>
      </Row>

      {sceglieMomento && (
        <Row className="g-3 mt-1 align-items-end">
          <Col xs={12} md={4}>
            <Form.Check
              type="switch"
              id="consegna-automatico"
              label="Orario automatico"
              {...register('orario_automatico', {
                onChange: (event: { target: { checked: boolean } }) => {
                  // Starting from now is the quickest way to type a slip's time.
                  if (!event.target.checked && !getValues('momento_consegna')) {
                    setValue('momento_consegna', toWall(new Date()));
                  }
                },
              })}
            />
          </Col>
          {manuale && (
            <Form.Group as={Col} xs={12} md={5} controlId="consegna-momento">
              <Form.Label>Momento di consegna (con i secondi)</Form.Label>
              <Controller
                control={control}
                name="momento_consegna"
                render={({ field }) => (
                  <DateTimeInput
                    name={field.name}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    isInvalid={!!errors.momento_consegna}
                  />
                )}
              />
              <Form.Control.Feedback
                type="invalid"
                className={errors.momento_consegna ? 'd-block' : undefined}
              >
                {errors.momento_consegna?.message}
              </Form.Control.Feedback>
            </Form.Group>
          )}
        </Row>
      )}

      <div className="d-flex flex-wrap gap-2 mt-3">
        <Button type="submit" variant="primary" disabled={busy || squadre.length === 0}>
          Invia
        </Button>
        <Button
          type="button"
          variant="outline-primary"
          disabled={busy || squadre.length === 0}
          onClick={() => void jolly()}
        >
          Imposta come jolly
        </Button>
      </div>

      <div aria-live="polite" aria-atomic="true" className="mt-3">
        {notice.message && (
          <Alert
            variant={notice.message.variant}
            dismissible
            onClose={notice.clear}
            closeLabel="Chiudi"
            className="mb-0"
          >
            {notice.message.text}
          </Alert>
        )}
      </div>
    </Form>
  );
}
