// The confirmation a corrected solution waits for, wherever a solution is
// corrected (the back office's problem record, 'Modifica evento'): what it
// changes (lib/correzione.ts), then 'Conferma la correzione' or 'Annulla'.
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';

export function ConfermaCorrezione({
  righe,
  onConferma,
  onAnnulla,
}: {
  /** One line per corrected problem (its name, when there are several). */
  righe: readonly { nome?: string; testo: string }[];
  onConferma(): void;
  onAnnulla(): void;
}) {
  return (
    <Alert variant="warning" data-testid="anteprima-correzione">
      {righe.map((r, i) => (
        <p key={r.nome ?? i} className="mb-2">
          {r.nome && <strong>{r.nome}: </strong>}
          {r.testo}
        </p>
      ))}
      <div className="d-flex flex-wrap gap-2">
        <Button variant="warning" onClick={onConferma}>
          Conferma la correzione
        </Button>
        <Button variant="outline-secondary" onClick={onAnnulla}>
          Annulla
        </Button>
      </div>
    </Alert>
  );
}
