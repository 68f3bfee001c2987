// The answers delivered in this session (or event), newest first, with
// deletion for the event staff (spec §2; toast 'Errore di cancellazione').
import type { RispostaOut } from '@gas/contracts';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { ConfirmButton } from '../../components/ConfirmButton';
import { useToasts } from '../../components/toasts/ToastContext';
import { formatDateTime, formatTimeWithSeconds } from '../../lib/romeTime';
import { ValoreRisposta } from '../../components/ValoreRisposta';
import { cancellaRisposta } from './api';
import { CANCELLAZIONE_TITOLO, cancellazioneFallita } from './messages';

function Valore({ r }: { r: RispostaOut }) {
  // Dark text: white on Bootstrap's light "info" cyan is under 2:1 (WCAG AA wants 4.5:1).
  if (r.kind === 'j')
    return (
      <Badge bg="info" text="dark">
        Jolly
      </Badge>
    );
  if (r.valore === null) return <span className="text-body-secondary">nascosto</span>;
  return <ValoreRisposta valore={r.valore} esponente={r.valore_exp ?? 0} />;
}

function Esito({ r }: { r: RispostaOut }) {
  if (r.kind === 'j' || r.corretto === null) return null;
  return r.corretto ? <Badge bg="success">Corretta</Badge> : <Badge bg="danger">Errata</Badge>;
}

function Momento({ r }: { r: RispostaOut }) {
  return (
    <time dateTime={r.momento_consegna} title={formatDateTime(r.momento_consegna)}>
      {formatTimeWithSeconds(r.momento_consegna)}
    </time>
  );
}

interface RisposteListProps {
  risposte: RispostaOut[];
  puoCancellare: boolean;
  onDeleted(): void;
}

export function RisposteList({ risposte, puoCancellare, onDeleted }: RisposteListProps) {
  const toasts = useToasts();
  const [filtro, setFiltro] = useState('');
  const [inCorso, setInCorso] = useState<number | null>(null);
  const testo = filtro.trim().toLowerCase();
  const visibili = testo
    ? risposte.filter(
        (r) =>
          r.squadra_nome.toLowerCase().includes(testo) || r.problema_nome.toLowerCase() === testo,
      )
    : risposte;

  const cancella = async (id: number) => {
    setInCorso(id);
    try {
      await cancellaRisposta(id);
      onDeleted();
    } catch {
      toasts.show({
        title: CANCELLAZIONE_TITOLO,
        message: cancellazioneFallita(id),
        variant: 'danger',
      });
    } finally {
      setInCorso(null);
    }
  };

  return (
    <section aria-labelledby="risposte-titolo" className="mt-5">
      <div className="d-flex flex-wrap align-items-end justify-content-between gap-2 mb-2">
        <h2 id="risposte-titolo" className="h4 mb-0">
          Risposte consegnate <Badge bg="secondary">{risposte.length}</Badge>
        </h2>
        <Form.Control
          type="search"
          size="sm"
          style={{ maxWidth: '18rem' }}
          placeholder="Filtra per squadra o problema"
          aria-label="Filtra le risposte per squadra o problema"
          value={filtro}
          onChange={(e) => setFiltro(e.target.value)}
        />
      </div>
      {visibili.length === 0 ? (
        <p>Nessuna risposta consegnata.</p>
      ) : (
        <div className="table-responsive position-relative">
          <Table size="sm" striped hover className="align-middle" aria-label="Risposte consegnate">
            <thead>
              {/* On a phone three columns (team with problem and time, answer with
                  its outcome, the button): the row fits the screen (issue 26). */}
              <tr>
                <th scope="col" className="d-none d-sm-table-cell">
                  #
                </th>
                <th scope="col" className="d-none d-sm-table-cell">
                  Consegnata
                </th>
                <th scope="col">Squadra</th>
                <th scope="col" className="d-none d-sm-table-cell">
                  Problema
                </th>
                <th scope="col">Risposta</th>
                <th scope="col" className="d-none d-sm-table-cell">
                  Esito
                </th>
                <th scope="col" className="d-none d-md-table-cell">
                  Inserita da
                </th>
                {puoCancellare && (
                  <th scope="col">
                    <span className="visually-hidden">Azioni</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {visibili.map((r) => (
                <tr key={r.id}>
                  <td className="d-none d-sm-table-cell">{r.id}</td>
                  <td className="d-none d-sm-table-cell">
                    <Momento r={r} />
                  </td>
                  <td>
                    <span>{r.squadra_nome}</span>
                    <div className="d-sm-none small text-body-secondary">
                      {r.problema_nome} · <Momento r={r} />
                    </div>
                  </td>
                  <td className="d-none d-sm-table-cell">{r.problema_nome}</td>
                  <td>
                    <Valore r={r} />
                    <div className="d-sm-none">
                      <Esito r={r} />
                    </div>
                  </td>
                  <td className="d-none d-sm-table-cell">
                    <Esito r={r} />
                  </td>
                  <td className="d-none d-md-table-cell">{r.inserita_da_nome ?? ''}</td>
                  {puoCancellare && (
                    <td className="text-end text-nowrap">
                      <ConfirmButton
                        size="sm"
                        variant="outline-danger"
                        disabled={inCorso === r.id}
                        aria-label={`Cancella la risposta ${r.id}`}
                        onConfirm={() => void cancella(r.id)}
                      >
                        Cancella
                      </ConfirmButton>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </section>
  );
}
