// 'Mostra parametri liberi del sistema di punteggi' (spec §2, §5): the
// scoring parameters, integers with step 1 and the two scales with 0.001.
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { PARAMETRI, type EventoFormValues } from './model';

export function ParametriPunteggio({
  register,
  errors,
}: {
  register: UseFormRegister<EventoFormValues>;
  errors: FieldErrors<EventoFormValues>;
}) {
  return (
    <Row xs={1} md={2} className="g-3 mb-3">
      {PARAMETRI.map((p) => (
        <Form.Group as={Col} key={p.name} controlId={`evento-${p.name}`}>
          <Form.Label>
            {p.label} <code className="small">{p.name}</code>
          </Form.Label>
          <Form.Control
            type="number"
            step={p.step}
            min={p.step === 1 ? 0 : p.step}
            inputMode={p.step === 1 ? 'numeric' : 'decimal'}
            {...register(p.name, { valueAsNumber: true })}
            isInvalid={!!errors[p.name]}
          />
          <Form.Text>Predefinito: {String(p.default).replace('.', ',')}</Form.Text>
          <Form.Control.Feedback type="invalid">{errors[p.name]?.message}</Form.Control.Feedback>
        </Form.Group>
      ))}
    </Row>
  );
}
