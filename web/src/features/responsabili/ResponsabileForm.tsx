// The secondary-manager form (spec §2, §5): names, e-mail, username and, on
// creation only, the password twice; teams and schools; the newsletter. In
// edit mode the personal fields are read-only and not sent.
import type { Manager, Scuola, Squadra } from '@gas/contracts';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import type { FieldPath } from 'react-hook-form';
import { responsabileCreateRequest, responsabileUpdateRequest } from '@gas/contracts';
import { FormAlert } from '../../components/form/FormAlert';
import { useApiForm } from '../../components/form/useApiForm';
import { zodResolver } from '../../components/form/zodResolver';
import { creaResponsabile, modificaResponsabile } from './api';

export interface ResponsabileValues {
  first_name: string;
  last_name: string;
  email: string;
  username: string;
  password: string;
  confirm_password: string;
  squadre: string[];
  scuole: string[];
  newsletter: boolean;
}

export const AIUTO_USERNAME = 'Può coincidere con l’e-mail; serve per accedere al sito.';
export const AIUTO_NEWSLETTER = 'Riceverai solo informazioni sui prossimi eventi.';

const ids = (list: string[]) => list.map(Number);

export function createPayload(v: ResponsabileValues) {
  return { ...v, squadre: ids(v.squadre), scuole: ids(v.scuole) };
}

function updatePayload(v: ResponsabileValues, assegnazioni: boolean, preferenze: boolean) {
  return {
    ...(assegnazioni && { squadre: ids(v.squadre), scuole: ids(v.scuole) }),
    ...(preferenze && { newsletter: v.newsletter }),
  };
}

/** 'scuola - squadra', the label of a team in the multi-select (spec §2). */
export function etichettaSquadra(s: Squadra): string {
  return `${s.scuola?.nome ?? 'Senza scuola'} - ${s.nome}`;
}

interface ResponsabileFormProps {
  manager?: Manager;
  squadre: Squadra[];
  scuole: Scuola[];
  onSaved(): void;
}

export function ResponsabileForm({ manager, squadre, scuole, onSaved }: ResponsabileFormProps) {
  const nuovo = manager === undefined;
  const assegnazioni = nuovo || manager.puo_modificare_assegnazioni;
  // The newsletter flag is only sent to its owner (and superusers).
  const preferenze = nuovo || manager.responsabile.newsletter !== undefined;
  const initial: ResponsabileValues = {
    first_name: manager?.first_name ?? '',
    last_name: manager?.last_name ?? '',
    email: manager?.email ?? '',
    username: manager?.username ?? '',
    password: '',
    confirm_password: '',
    squadre: (manager?.responsabile.squadre ?? []).map(String),
    scuole: (manager?.responsabile.scuole ?? []).map(String),
    newsletter: manager?.responsabile.newsletter ?? false,
  };
  const {
    register,
    handleSubmit,
    reset,
    general,
    setGeneral,
    showServerError,
    formState: { errors, isSubmitting },
  } = useApiForm<ResponsabileValues>({
    defaultValues: initial,
    resolver: nuovo
      ? zodResolver(responsabileCreateRequest, createPayload)
      : zodResolver(responsabileUpdateRequest, (v) => updatePayload(v, assegnazioni, preferenze)),
  });

  const fields: FieldPath<ResponsabileValues>[] = [
    'first_name',
    'last_name',
    'email',
    'username',
    'password',
    'confirm_password',
    'squadre',
    'scuole',
    'newsletter',
  ];

  const onSubmit = handleSubmit(async (values) => {
    setGeneral(null);
    try {
      if (nuovo) await creaResponsabile(createPayload(values));
      else await modificaResponsabile(manager.id, updatePayload(values, assegnazioni, preferenze));
      onSaved();
    } catch (error) {
      showServerError(error, fields);
    }
  });

  const text = (
    name: 'first_name' | 'last_name' | 'email' | 'username',
    label: string,
    props: { type?: string; autoComplete?: string; help?: string } = {},
  ) => (
    <Form.Group as={Col} xs={12} md={6} controlId={`responsabile-${name}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...register(name)}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete ?? 'off'}
        readOnly={!nuovo}
        plaintext={!nuovo}
        isInvalid={!!errors[name]}
        aria-describedby={props.help ? `responsabile-${name}-aiuto` : undefined}
      />
      {props.help && nuovo && <Form.Text id={`responsabile-${name}-aiuto`}>{props.help}</Form.Text>}
      <Form.Control.Feedback type="invalid">{errors[name]?.message}</Form.Control.Feedback>
    </Form.Group>
  );

  return (
    <Form noValidate onSubmit={(e) => void onSubmit(e)} style={{ maxWidth: '48rem' }}>
      <Row className="g-3 mb-3">
        {text('first_name', 'Nome', { autoComplete: 'off' })}
        {text('last_name', 'Cognome')}
        {text('email', 'Email', { type: 'email' })}
        {text('username', 'Username', { help: AIUTO_USERNAME })}
        {nuovo && (
          <>
            <Form.Group as={Col} xs={12} md={6} controlId="responsabile-password">
              <Form.Label>Password</Form.Label>
              <Form.Control
                {...register('password')}
                type="password"
                autoComplete="new-password"
                isInvalid={!!errors.password}
              />
              <Form.Control.Feedback type="invalid">
                {errors.password?.message}
              </Form.Control.Feedback>
            </Form.Group>
            <Form.Group as={Col} xs={12} md={6} controlId="responsabile-confirm_password">
              <Form.Label>Conferma password</Form.Label>
              <Form.Control
                {...register('confirm_password')}
                type="password"
                autoComplete="new-password"
                isInvalid={!!errors.confirm_password}
              />
              <Form.Control.Feedback type="invalid">
                {errors.confirm_password?.message}
              </Form.Control.Feedback>
            </Form.Group>
          </>
        )}
      </Row>

      <Form.Group className="mb-3" controlId="responsabile-squadre">
        <Form.Label>Squadre</Form.Label>
        <Form.Select
          multiple
          htmlSize={Math.min(8, Math.max(3, squadre.length))}
          {...register('squadre')}
          disabled={!assegnazioni}
          isInvalid={!!errors.squadre}
          aria-describedby="responsabile-squadre-aiuto"
        >
          {squadre.map((s) => (
            <option key={s.id} value={s.id}>
              {etichettaSquadra(s)}
            </option>
          ))}
        </Form.Select>
        <Form.Text id="responsabile-squadre-aiuto">
          Le squadre per cui potrà consegnare le risposte (Ctrl o ⌘ per sceglierne più d’una).
        </Form.Text>
        <Form.Control.Feedback type="invalid">{errors.squadre?.message}</Form.Control.Feedback>
      </Form.Group>

      <Form.Group className="mb-3" controlId="responsabile-scuole">
        <Form.Label>Scuole</Form.Label>
        <Form.Select
          multiple
          htmlSize={Math.min(6, Math.max(2, scuole.length))}
          {...register('scuole')}
          disabled={!assegnazioni}
          isInvalid={!!errors.scuole}
        >
          {scuole.map((s) => (
            <option key={s.id} value={s.id}>
              {s.nome}
              {s.indirizzo.citta ? ` (${s.indirizzo.citta.name})` : ''}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid">{errors.scuole?.message}</Form.Control.Feedback>
      </Form.Group>

      {preferenze && (
        <Form.Group className="mb-3" controlId="responsabile-newsletter">
          <Form.Check
            {...register('newsletter')}
            label="Newsletter"
            aria-describedby="responsabile-newsletter-aiuto"
          />
          <Form.Text id="responsabile-newsletter-aiuto">{AIUTO_NEWSLETTER}</Form.Text>
        </Form.Group>
      )}

      <FormAlert message={general} />
      <div className="d-flex gap-2">
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
          Invia
        </Button>
      </div>
    </Form>
  );
}
