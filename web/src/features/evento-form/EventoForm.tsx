// The fields of the event form (spec §2 Event form, §5, §9): title, type,
// dates, the optional scoring parameters and the problems, with Reset and
// 'Crea evento' / 'Salva modifiche'. A corrected solution of a problem that
// has answers is saved only after the person confirms what it changes
// ('X risposte diventano corrette e Y errate'), as in the back office.
import type { Evento } from '@gas/contracts';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { Controller, type FieldPath, type Resolver } from 'react-hook-form';
import { eventoCreateRequest, eventoPatchRequest } from '@gas/contracts';
import { DateTimeInput } from '../../components/form/DateTimeInput';
import { FormAlert } from '../../components/form/FormAlert';
import { useApiForm } from '../../components/form/useApiForm';
import { zodResolver } from '../../components/form/zodResolver';
import { ConfermaCorrezione } from '../../components/ConfermaCorrezione';
import { testoCorrezione } from '../../lib/correzione';
import { anteprimaCorrezione, creaEvento, salvaEvento } from './api';
import {
  DATE_FIELDS,
  PARAMETRI,
  erroriDate,
  soluzioniCorrette,
  toPayload,
  type DateField,
  type EventoFormValues,
} from './model';
import { ParametriPunteggio } from './ParametriPunteggio';
import { ProblemiEditor } from './ProblemiEditor';

export const MOSTRA_PARAMETRI = 'Mostra parametri liberi del sistema di punteggi';
export const DOPPIA_DIGITAZIONE = 'Doppia digitazione delle risposte';

const DATE_LABELS: Record<DateField, { label: string; help?: string }> = {
  inizio: { label: 'Inizio' },
  fine: { label: 'Fine' },
  fine_consegna_jolly: { label: 'Termine per la scelta del jolly' },
  inizio_iscrizioni: { label: 'Inizio iscrizioni' },
  fine_iscrizioni: {
    label: 'Fine iscrizioni',
    help: 'Deve precedere l’inizio dell’evento.',
  },
  fine_modifica_squadre: { label: 'Termine per modificare le squadre' },
};

const TIPOLOGIE = {
  priv: 'Privato: visibile solo agli amministratori e agli inseritori',
  pub: 'Pubblico: visibile a tutti, i docenti possono iscrivere squadre',
  o: 'Ufficiale',
} as const;

function makeResolver(mode: 'nuovo' | 'modifica'): Resolver<EventoFormValues> {
  const base = zodResolver<EventoFormValues>(
    mode === 'nuovo' ? eventoCreateRequest : eventoPatchRequest,
    toPayload,
  );
  return async (values, context, options) => {
    const result = await base(values, context, options);
    const dates = erroriDate(values);
    if (Object.keys(dates).length === 0) return result;
    const errors = { ...result.errors };
    for (const [field, message] of Object.entries(dates)) {
      errors[field as DateField] = { type: 'validation', message };
    }
    return { values: {}, errors };
  };
}

interface EventoFormProps {
  mode: 'nuovo' | 'modifica';
  initial: EventoFormValues;
  eventoId?: number;
  /** Superusers may create official events. */
  puoUfficiale: boolean;
  onSaved(evento: Evento): void;
}

/** A save waiting for the person to confirm what its corrected solutions change. */
type Correzione = { values: EventoFormValues; righe: { nome: string; testo: string }[] };

export function EventoForm({ mode, initial, eventoId, puoUfficiale, onSaved }: EventoFormProps) {
  const [parametri, setParametri] = useState(false);
  const [correzione, setCorrezione] = useState<Correzione | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    general,
    setGeneral,
    showServerError,
    formState: { errors, isSubmitting },
  } = useApiForm<EventoFormValues>({ defaultValues: initial, resolver: makeResolver(mode) });

  const fieldNames = (values: EventoFormValues): FieldPath<EventoFormValues>[] => [
    'titolo',
    'descrizione',
    'tipologia',
    'doppia_digitazione',
    'problemi',
    ...DATE_FIELDS,
    ...PARAMETRI.map((p) => p.name),
    ...values.problemi.flatMap((_, i) =>
      (['soluzione', 'soluzione_exp', 'intervallo_validita', 'udm_soluzione'] as const).map(
        (k) => `problemi.${i}.${k}` as const,
      ),
    ),
  ];

  const save = async (values: EventoFormValues) => {
    setCorrezione(null);
    try {
      // The resolver has checked this request with the same schema: read
      // again, it has the type the API's document declares (and never fails).
      const saved =
        mode === 'nuovo'
          ? await creaEvento(eventoCreateRequest.parse(toPayload(values)))
          : await salvaEvento(eventoId!, eventoPatchRequest.parse(toPayload(values)));
      onSaved(saved);
    } catch (error) {
      showServerError(error, fieldNames(values));
      if (PARAMETRI.some((p) => errors[p.name])) setParametri(true);
    }
  };

  const onSubmit = handleSubmit(
    async (values) => {
      setGeneral(null);
      // What each corrected solution would change, asked first; nothing to
      // confirm when no stored answer changes its verdict.
      const righe = (
        await Promise.all(
          soluzioniCorrette(initial, values).map(async ({ nome, id, proposta }) => {
            const anteprima = await anteprimaCorrezione(id, proposta).catch(() => null);
            const cambia =
              anteprima !== null && anteprima.diventano_corrette + anteprima.diventano_errate > 0;
            return cambia ? [{ nome, testo: testoCorrezione(anteprima) }] : [];
          }),
        )
      ).flat();
      if (righe.length > 0) setCorrezione({ values, righe });
      else await save(values);
    },
    (invalid) => {
      if (PARAMETRI.some((p) => invalid[p.name])) setParametri(true);
    },
  );

  return (
    <Form noValidate onSubmit={(e) => void onSubmit(e)} className="mb-5">
      <Row className="g-3 mb-3">
        <Form.Group as={Col} xs={12} md={7} controlId="evento-titolo">
          <Form.Label>Titolo</Form.Label>
          <Form.Control {...register('titolo')} isInvalid={!!errors.titolo} autoComplete="off" />
          <Form.Control.Feedback type="invalid">{errors.titolo?.message}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group as={Col} xs={12} md={5} controlId="evento-tipologia">
          <Form.Label>Tipologia</Form.Label>
          <Form.Select {...register('tipologia')} isInvalid={!!errors.tipologia}>
            {(Object.keys(TIPOLOGIE) as (keyof typeof TIPOLOGIE)[])
              .filter((t) => t !== 'o' || puoUfficiale || initial.tipologia === 'o')
              .map((t) => (
                <option key={t} value={t}>
                  {TIPOLOGIE[t]}
                </option>
              ))}
          </Form.Select>
          <Form.Control.Feedback type="invalid">{errors.tipologia?.message}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group as={Col} xs={12} controlId="evento-descrizione">
          <Form.Label>Descrizione (facoltativa)</Form.Label>
          <Form.Control
            as="textarea"
            rows={2}
            {...register('descrizione')}
            isInvalid={!!errors.descrizione}
          />
          <Form.Control.Feedback type="invalid">
            {errors.descrizione?.message}
          </Form.Control.Feedback>
        </Form.Group>
      </Row>

      <fieldset className="mb-3">
        <legend className="h5">Date e orari (ora di Roma)</legend>
        <Row xs={1} md={2} lg={3} className="g-3">
          {DATE_FIELDS.map((field) => {
            const id = `evento-${field}`;
            const { label, help } = DATE_LABELS[field];
            return (
              <Form.Group as={Col} key={field} controlId={id}>
                <Form.Label>{label}</Form.Label>
                <Controller
                  control={control}
                  name={field}
                  render={({ field: f }) => (
                    <DateTimeInput
                      name={f.name}
                      value={f.value}
                      onChange={f.onChange}
                      onBlur={f.onBlur}
                      inputRef={f.ref}
                      isInvalid={!!errors[field]}
                      aria-describedby={help ? `${id}-aiuto` : undefined}
                    />
                  )}
                />
                {help && <Form.Text id={`${id}-aiuto`}>{help}</Form.Text>}
                <Form.Control.Feedback
                  type="invalid"
                  className={errors[field] ? 'd-block' : undefined}
                >
                  {errors[field]?.message}
                </Form.Control.Feedback>
              </Form.Group>
            );
          })}
        </Row>
      </fieldset>

      <Form.Group className="mb-3" controlId="evento-doppia-digitazione">
        <Form.Check
          type="checkbox"
          {...register('doppia_digitazione')}
          label={DOPPIA_DIGITAZIONE}
          aria-describedby="evento-doppia-digitazione-aiuto"
        />
        <Form.Text id="evento-doppia-digitazione-aiuto">
          Per le sedi con i foglietti di carta: ogni risposta va inserita da due utenti diversi e
          conta solo quando le due digitazioni coincidono; quelle discordanti le risolvono gli
          amministratori dalla pagina «Doppia digitazione».
        </Form.Text>
      </Form.Group>

      <Form.Check
        type="switch"
        id="evento-mostra-parametri"
        className="mb-3"
        label={MOSTRA_PARAMETRI}
        checked={parametri}
        onChange={(e) => setParametri(e.target.checked)}
      />
      {parametri && <ParametriPunteggio register={register} errors={errors} />}

      <ProblemiEditor control={control} register={register} errors={errors} />

      <FormAlert message={general ?? errors.root?.message} />
      {correzione && (
        <ConfermaCorrezione
          righe={correzione.righe}
          onConferma={() => void save(correzione.values)}
          onAnnulla={() => setCorrezione(null)}
        />
      )}
      <div className="d-flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline-secondary"
          onClick={() => {
            reset(initial);
            setGeneral(null);
          }}
        >
          Reset
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {mode === 'nuovo' ? 'Crea evento' : 'Salva modifiche'}
        </Button>
      </div>
    </Form>
  );
}
