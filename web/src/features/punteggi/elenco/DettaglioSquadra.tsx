// A team's detail without leaving the ranking (issue 29): each problem's
// points with a symbol as well as a colour (✓ solved, ✗ points lost on an
// unsolved problem, – not attempted), the joker, and the team's last answers.
// A react-bootstrap Modal: focus is trapped while open and goes back to the
// team's item when closed.
import type { ScoringEvent } from '@gas/scoring';
import { useMemo } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import { formatTimeWithSeconds } from '../../../lib/romeTime';
import type { DisplayEntry } from '../useScoresModel';

export const ULTIME_RISPOSTE = 8;

export type EsitoProblema = 'risolto' | 'errato' | 'non-tentato';

/** The table's rule: solved; points lost without solving; otherwise untouched. */
export function esitoProblema(entry: DisplayEntry, i: number): EsitoProblema {
  if (entry.solved[i]) return 'risolto';
  return (entry.punti_parziali[i] ?? 0) !== 0 ? 'errato' : 'non-tentato';
}

const ESITO: Record<EsitoProblema, { simbolo: string; testo: string }> = {
  risolto: { simbolo: '✓', testo: 'risolto' },
  errato: { simbolo: '✗', testo: 'errato' },
  'non-tentato': { simbolo: '–', testo: 'non tentato' },
};

/** The team's answers (not the joker choices), newest first. */
export function ultimeRisposte(
  eventi: readonly ScoringEvent[],
  squadra: number,
  quante = ULTIME_RISPOSTE,
): ScoringEvent[] {
  return eventi
    .filter((e) => e.s === squadra && e.k === 'r')
    .sort((a, b) => Date.parse(b.d) - Date.parse(a.d) || b.id - a.id)
    .slice(0, quante);
}

export function DettaglioSquadra(props: {
  entry: DisplayEntry;
  problemi: readonly { id: number; nome: string }[];
  valori: readonly number[];
  school: string;
  eventi: (() => readonly ScoringEvent[]) | null;
  seguita: boolean;
  avviso: string | null;
  onSegui(): void;
  onClose(): void;
}) {
  const { entry, problemi } = props;
  const leggiEventi = props.eventi;
  // Recomputed when the team's cells change (a new answer of this team).
  const risposte = useMemo(
    () => (leggiEventi ? ultimeRisposte(leggiEventi(), entry.id) : null),
    [leggiEventi, entry.id, entry.punti_parziali, entry.solved],
  );
  const nomeProblema = (id: number) => problemi.find((p) => p.id === id)?.nome ?? `${id}`;
  return (
    <Modal show onHide={props.onClose} scrollable aria-labelledby="dettaglio-squadra-titolo">
      <Modal.Header closeButton closeLabel="Chiudi">
        <Modal.Title as="h2" id="dettaglio-squadra-titolo" className="h5 dettaglio-titolo">
          {entry.nome}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-2">
          {entry.posizione === null ? 'Squadra ospite' : `${entry.posizione}° posto`} ·{' '}
          <strong>{entry.totale} punti</strong>
          {props.school && (
            <>
              <br />
              <span className="text-body-secondary">{props.school}</span>
            </>
          )}
        </p>
        <div className="mb-3">
          <Button
            variant={props.seguita ? 'primary' : 'outline-primary'}
            size="sm"
            aria-pressed={props.seguita}
            onClick={props.onSegui}
          >
            <span aria-hidden="true">{props.seguita ? '★ ' : '☆ '}</span>
            Segui questa squadra
          </Button>
          {props.avviso && (
            <Alert variant="warning" className="py-2 small mt-2 mb-0" role="alert">
              {props.avviso}
            </Alert>
          )}
        </div>
        <h3 className="h6">Problemi</h3>
        <Table size="sm" className="dettaglio-problemi" data-testid="dettaglio-problemi">
          <thead>
            <tr>
              <th scope="col">Problema</th>
              <th scope="col">Esito</th>
              <th scope="col" className="text-end">
                Punti
              </th>
            </tr>
          </thead>
          <tbody>
            {problemi.map((p, i) => {
              const esito = esitoProblema(entry, i);
              const jolly = entry.jolly === p.id;
              return (
                <tr key={p.id} className={`dettaglio-${esito}`}>
                  <th scope="row">
                    {p.nome}
                    {jolly && (
                      <span className="badge text-bg-warning ms-1" title="Jolly">
                        J<span className="visually-hidden"> (jolly)</span>
                      </span>
                    )}
                  </th>
                  <td>
                    <span aria-hidden="true" className="dettaglio-simbolo">
                      {ESITO[esito].simbolo}
                    </span>{' '}
                    {ESITO[esito].testo}
                  </td>
                  <td className="text-end">{entry.punti_parziali[i] ?? 0}</td>
                </tr>
              );
            })}
          </tbody>
        </Table>
        <h3 className="h6">Ultime risposte</h3>
        {risposte === null ? (
          <p className="small text-body-secondary mb-0">Caricamento delle risposte…</p>
        ) : risposte.length === 0 ? (
          <p className="small mb-0">Nessuna risposta finora.</p>
        ) : (
          <ul className="list-unstyled mb-0" data-testid="ultime-risposte">
            {risposte.map((e) => (
              <li key={e.id} className="d-flex gap-2">
                <span className="text-body-secondary">{formatTimeWithSeconds(e.d)}</span>
                <span>{nomeProblema(e.p)}</span>
                <span className={e.c ? 'text-success-emphasis' : 'text-danger-emphasis'}>
                  <span aria-hidden="true">{e.c ? '✓ ' : '✗ '}</span>
                  {e.c ? 'corretta' : 'errata'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={props.onClose}>
          Chiudi
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
