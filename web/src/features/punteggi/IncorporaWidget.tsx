// The school's scores page offers the widget (issue 28) to its website: the
// <iframe> code to paste, with a copy button.
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { CopyButton } from '../../components/form/CopyButton';

/** The <iframe> code of a school's widget, with this site's origin. */
export function codiceIframe(origin: string, sessione: number, scuola: number): string {
  const src = `${origin}/widget/sessione/${sessione}/scuola/${scuola}/`;
  return `<iframe src="${src}" title="Classifica della scuola - GaS" width="100%" height="320" style="border:0" loading="lazy"></iframe>`;
}

export function IncorporaWidget({ sessione, scuola }: { sessione: number; scuola: number }) {
  const codice = codiceIframe(window.location.origin, sessione, scuola);
  return (
    <Card className="mb-3" as="section" aria-labelledby="incorpora-widget">
      <Card.Header as="h2" id="incorpora-widget" className="h6">
        Incorpora nel sito della scuola
      </Card.Header>
      <Card.Body>
        <Form.Label htmlFor="codice-widget" className="small">
          Copia questo codice nella pagina del sito: mostra le squadre della scuola con posizione e
          punteggio, aggiornati in diretta.
        </Form.Label>
        <Form.Control
          id="codice-widget"
          as="textarea"
          rows={3}
          readOnly
          value={codice}
          className="font-monospace small mb-2"
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton text={codice} size="sm" label="Copia il codice" />
      </Card.Body>
    </Card>
  );
}
