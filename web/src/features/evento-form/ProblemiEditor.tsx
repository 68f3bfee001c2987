// The problem editor (spec §2): add, reorder, delete. Names are the position
// in the list, P1..Pn, so they renumber themselves on reorder and delete; the
// server renumbers the same way when the event is saved.
import { useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import {
  Controller,
  useFieldArray,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import { DecimalInput } from '../../components/DecimalInput';
import { nuovoProblema, type EventoFormValues } from './model';

interface ProblemiEditorProps {
  control: Control<EventoFormValues>;
  register: UseFormRegister<EventoFormValues>;
  errors: FieldErrors<EventoFormValues>;
}

export function ProblemiEditor({ control, register, errors }: ProblemiEditorProps) {
  const { fields, append, remove, swap } = useFieldArray({ control, name: 'problemi' });
  const listRef = useRef<HTMLDivElement>(null);
  const rowErrors = errors.problemi;

  /** Keeps the keyboard on the moved row's button. */
  const focusButton = (index: number, action: string) =>
    setTimeout(() => {
      listRef.current
        ?.querySelector<HTMLButtonElement>(`[data-row="${index}"][data-action="${action}"]`)
        ?.focus();
    }, 0);

  const move = (from: number, to: number, action: string) => {
    swap(from, to);
    focusButton(to, action);
  };

  return (
    <section aria-labelledby="problemi-titolo" className="mb-4">
      <h2 id="problemi-titolo" className="h4">
        Problemi
      </h2>
      <p className="text-body-secondary">
        La soluzione è il valore × 10 elevato all’esponente; la tolleranza è relativa (0,005 =
        0,5%). I nomi P1, P2, … seguono l’ordine dell’elenco.
      </p>
      {fields.length === 0 ? (
        <p>Nessun problema.</p>
      ) : (
        <div ref={listRef} role="list" aria-label="Problemi" className="mb-3">
          {/* Column headings on wide screens; on phones each problem is a small card. */}
          <Row
            className="d-none d-md-flex fw-semibold border-bottom pb-1 mb-2 g-2"
            aria-hidden="true"
          >
            <Col md={1}>Nome</Col>
            <Col md={3}>Soluzione</Col>
            <Col md={2}>Esponente</Col>
            <Col md={2}>Tolleranza</Col>
            <Col md={2}>Unità di misura</Col>
          </Row>
          {fields.map((field, i) => {
            const nome = `P${i + 1}`;
            const err = rowErrors?.[i];
            const input = (
              key: 'soluzione' | 'soluzione_exp' | 'intervallo_validita' | 'udm_soluzione',
              label: string,
              props: Record<string, unknown>,
            ) => (
              <>
                {/* On phones there is no heading row: a caption over each field. */}
                <div className="d-md-none small text-body-secondary" aria-hidden="true">
                  {label}
                </div>
                {key === 'soluzione' || key === 'intervallo_validita' ? (
                  // Decimals shown with the Italian comma, typed with either separator.
                  <Controller
                    control={control}
                    name={`problemi.${i}.${key}`}
                    render={({ field: f }) => (
                      <DecimalInput
                        size="sm"
                        aria-label={`${label} di ${nome}`}
                        placeholder={label}
                        name={f.name}
                        value={f.value}
                        onChange={f.onChange}
                        onBlur={f.onBlur}
                        inputRef={f.ref}
                        isInvalid={!!err?.[key]}
                        title={err?.[key]?.message}
                      />
                    )}
                  />
                ) : (
                  <Form.Control
                    size="sm"
                    aria-label={`${label} di ${nome}`}
                    placeholder={label}
                    {...props}
                    {...register(`problemi.${i}.${key}`, {
                      valueAsNumber: key !== 'udm_soluzione',
                    })}
                    isInvalid={!!err?.[key]}
                    title={err?.[key]?.message}
                  />
                )}
              </>
            );
            return (
              <Row
                key={field.id}
                role="listitem"
                className="g-2 align-items-center py-2 py-md-1 border-bottom"
              >
                <Col xs={12} md={1} className="fw-bold">
                  {nome}
                </Col>
                <Col xs={6} md={3}>
                  {input('soluzione', 'Soluzione', {})}
                </Col>
                <Col xs={6} md={2}>
                  {input('soluzione_exp', 'Esponente', {
                    type: 'number',
                    step: 1,
                    inputMode: 'numeric',
                  })}
                </Col>
                <Col xs={6} md={2}>
                  {input('intervallo_validita', 'Tolleranza', {})}
                </Col>
                <Col xs={6} md={2}>
                  {input('udm_soluzione', 'Unità di misura', { type: 'text' })}
                </Col>
                <Col xs={12} md={2} className="text-nowrap text-md-end">
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    aria-label={`Sposta ${nome} su`}
                    title="Sposta su"
                    disabled={i === 0}
                    data-row={i}
                    data-action="su"
                    onClick={() => move(i, i - 1, 'su')}
                  >
                    ↑
                  </Button>{' '}
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    aria-label={`Sposta ${nome} giù`}
                    title="Sposta giù"
                    disabled={i === fields.length - 1}
                    data-row={i}
                    data-action="giu"
                    onClick={() => move(i, i + 1, 'giu')}
                  >
                    ↓
                  </Button>{' '}
                  <Button
                    size="sm"
                    variant="outline-danger"
                    aria-label={`Elimina ${nome}`}
                    title="Elimina"
                    onClick={() => remove(i)}
                  >
                    ✕
                  </Button>
                </Col>
              </Row>
            );
          })}
        </div>
      )}
      {(rowErrors?.message || rowErrors?.root?.message) && (
        <p className="text-danger small" role="alert">
          {rowErrors.message || rowErrors.root?.message}
        </p>
      )}
      {Array.isArray(rowErrors) && rowErrors.some(Boolean) && (
        <ul className="text-danger small" aria-live="polite">
          {rowErrors.map((err, i) =>
            err
              ? Object.values(err as Record<string, { message?: string }>)
                  .filter((e) => e?.message)
                  .map((e, k) => <li key={`${i}-${k}`}>{`P${i + 1}: ${e.message}`}</li>)
              : null,
          )}
        </ul>
      )}
      <Button variant="outline-primary" onClick={() => append(nuovoProblema())}>
        Aggiungi problema
      </Button>
    </section>
  );
}
