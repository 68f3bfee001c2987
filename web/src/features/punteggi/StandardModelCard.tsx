// Standard-model path (spec §2): a developer-options card recomputing the
// scores locally with custom parameters ('Ricalcola'). Nothing is sent: the
// real results are untouched, and 'Ripristina' goes back to them.
import { DEFAULT_PARAMS, type ScoringParams } from '@gas/scoring';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';

type ParamName = keyof ScoringParams;
export const PARAM_FIELDS: { name: ParamName; label: string; decimal?: boolean }[] = [
  { name: 'PTI_TOLTI_ERRORE', label: 'Punti tolti per errore' },
  { name: 'PTI_BASE_MONTEPREMI', label: 'Montepremi base' },
  { name: 'MAX_ERRORI_RAISE_MONTEPREMI', label: 'Errori massimi che alzano il montepremi' },
  { name: 'ERRORE_PUNTEGGI_RAISE', label: 'Aumento del montepremi per errore' },
  { name: 'PUNTEGGIO_BASE_PROBLEMI', label: 'Punteggio base dei problemi' },
  { name: 'BONUS_VELOCITA', label: 'Bonus velocità' },
  { name: 'SCALING_BONUS_VELOCITA', label: 'Scala del bonus velocità', decimal: true },
  { name: 'SCALING_BONUS_MONTEPREMI', label: 'Scala del montepremi', decimal: true },
];

/** Parameters from the form texts; field errors in Italian (spec §5 steps). */
export function readParams(texts: Record<ParamName, string>): {
  params: ScoringParams | null;
  errors: Partial<Record<ParamName, string>>;
} {
  const params = { ...DEFAULT_PARAMS };
  const errors: Partial<Record<ParamName, string>> = {};
  for (const f of PARAM_FIELDS) {
    const n = Number(texts[f.name].replace(',', '.'));
    if (texts[f.name].trim() === '' || !Number.isFinite(n)) errors[f.name] = 'Inserisci un numero.';
    else if (!f.decimal && !Number.isInteger(n)) errors[f.name] = 'Inserisci un numero intero.';
    else if (f.decimal && n <= 0) errors[f.name] = 'Deve essere maggiore di 0.';
    else params[f.name] = n;
  }
  return { params: Object.keys(errors).length === 0 ? params : null, errors };
}

export function StandardModelCard(props: {
  real: Partial<ScoringParams>;
  custom: Partial<ScoringParams> | null;
  onApply(params: ScoringParams | null): void;
  disabled: boolean;
}) {
  const initial = () =>
    Object.fromEntries(
      PARAM_FIELDS.map((f) => [
        f.name,
        String(props.custom?.[f.name] ?? props.real[f.name] ?? DEFAULT_PARAMS[f.name]),
      ]),
    ) as Record<ParamName, string>;
  const [texts, setTexts] = useState(initial);
  const [tried, setTried] = useState(false);
  const { params, errors } = readParams(texts);
  return (
    <Card className="mb-3" as="section" aria-labelledby="opzioni-sviluppatore">
      <Card.Header as="h2" id="opzioni-sviluppatore" className="h6">
        Opzioni sviluppatore
      </Card.Header>
      <Card.Body>
        <p className="small">
          Ricalcola la classifica in questo browser con parametri diversi del modello di punteggio.
          I risultati ufficiali non cambiano.
        </p>
        <Form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setTried(true);
            if (params) props.onApply(params);
          }}
        >
          <Row xs={1} sm={2} lg={4} className="g-2">
            {PARAM_FIELDS.map((f) => (
              <Col key={f.name}>
                <Form.Group controlId={`param-${f.name}`} className="h-100 d-flex flex-column">
                  <Form.Label className="small mb-0">
                    {f.label} <code className="small">{f.name}</code>
                  </Form.Label>
                  <Form.Control
                    type="number"
                    size="sm"
                    className="mt-auto"
                    step={f.decimal ? 0.001 : 1}
                    value={texts[f.name]}
                    isInvalid={tried && errors[f.name] !== undefined}
                    onChange={(e) => setTexts((t) => ({ ...t, [f.name]: e.target.value }))}
                  />
                  <Form.Control.Feedback type="invalid">{errors[f.name]}</Form.Control.Feedback>
                </Form.Group>
              </Col>
            ))}
          </Row>
          <div className="d-flex flex-wrap gap-2 mt-3">
            <Button type="submit" size="sm" disabled={props.disabled}>
              Ricalcola
            </Button>
            <Button
              type="button"
              size="sm"
              variant="outline-secondary"
              disabled={props.disabled || props.custom === null}
              onClick={() => {
                props.onApply(null);
                setTexts(
                  Object.fromEntries(
                    PARAM_FIELDS.map((f) => [
                      f.name,
                      String(props.real[f.name] ?? DEFAULT_PARAMS[f.name]),
                    ]),
                  ) as Record<ParamName, string>,
                );
              }}
            >
              Ripristina i parametri dell&apos;evento
            </Button>
          </div>
        </Form>
        {props.custom && (
          <Alert variant="info" className="mt-3 mb-0 py-2 small" data-testid="ricalcolo-attivo">
            Classifica ricalcolata localmente con parametri personalizzati: non è la classifica
            ufficiale.
          </Alert>
        )}
      </Card.Body>
    </Card>
  );
}
