// What this device sent or still has to send (issue 17): the connection's
// state in plain words, then each submission with the time it was typed and
// where it stands: waiting, sent (with the server's 'Corretto!'/'Errato!'),
// or refused (with the server's reason). Waiting and refused ones can be
// deleted.
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { ValoreRisposta } from '../../../components/ValoreRisposta';
import { STATO_DIGITAZIONE, quando } from '../messages';
import type { Outbox, OutboxState } from './outbox';
import type { Invio } from './tipi';

export const NON_CONNESSO =
  'Non connesso: le risposte sono salvate su questo dispositivo e verranno inviate appena possibile';
export const NON_DUREVOLE =
  'Questo browser non permette di salvare le risposte sul dispositivo: non chiudere la pagina finché non sono inviate.';

function Stato({ invio }: { invio: Invio }) {
  if (invio.stato === 'in_attesa') return <Badge bg="secondary">In attesa di invio</Badge>;
  if (invio.stato === 'rifiutata') {
    return (
      <>
        <Badge bg="danger">Rifiutata</Badge> <span className="small">{invio.motivo}</span>
      </>
    );
  }
  if (invio.tipo === 'jolly') return <Badge bg="success">Jolly impostato</Badge>;
  const digitazione = invio.esito?.digitazione;
  if (digitazione) {
    return (
      <Badge
        bg={digitazione === 'discordante' ? 'danger' : 'info'}
        text={digitazione === 'discordante' ? undefined : 'dark'}
      >
        {STATO_DIGITAZIONE[digitazione]}
      </Badge>
    );
  }
  return invio.esito?.corretto ? (
    <Badge bg="success">Corretto!</Badge>
  ) : (
    <Badge bg="warning" text="dark">
      Errato!
    </Badge>
  );
}

/** The value as the delivered answers show it (ValoreRisposta): it wraps before '× 10'. */
function Valore({ invio }: { invio: Invio }) {
  if (invio.tipo === 'jolly') return <>jolly</>;
  const { valore, valore_exp = 0 } = invio.corpo;
  return <ValoreRisposta valore={valore} esponente={valore_exp} />;
}

export function OutboxList({ outbox, stato }: { outbox: Outbox | null; stato: OutboxState }) {
  const inAttesa = stato.invii.filter((i) => i.stato === 'in_attesa').length;
  return (
    <section aria-labelledby="titolo-coda" className="mt-4">
      <div aria-live="polite">
        {!stato.connesso && (
          <Alert variant="warning" className="mb-2">
            {NON_CONNESSO}
            {inAttesa > 0 && ` (${inAttesa} in attesa).`}
          </Alert>
        )}
        {!stato.durevole && stato.invii.length > 0 && (
          <Alert variant="danger" className="mb-2">
            {NON_DUREVOLE}
          </Alert>
        )}
      </div>
      {stato.invii.length > 0 && (
        <>
          <h2 id="titolo-coda" className="h5">
            Inviate da questo dispositivo
          </h2>
          <div className="table-responsive">
            <Table
              size="sm"
              className="align-middle"
              data-testid="coda-invii"
              aria-labelledby="titolo-coda"
            >
              <thead>
                <tr>
                  {/* The state under the answer, not in a column of its own: the row fits a phone's screen. */}
                  <th scope="col">Risposta</th>
                  <th scope="col">
                    <span className="visually-hidden">Azioni</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {[...stato.invii].reverse().map((invio) => (
                  <tr key={invio.chiave}>
                    <td>
                      <div>
                        {invio.nomi.squadra} · {invio.nomi.problema} · <Valore invio={invio} />
                      </div>
                      <div className="small">
                        <span className="text-body-secondary me-2">
                          Digitata {quando(invio.digitata)}
                        </span>
                        <Stato invio={invio} />
                      </div>
                    </td>
                    <td className="text-end text-nowrap">
                      {invio.stato !== 'inviata' && (
                        <Button
                          size="sm"
                          variant="outline-danger"
                          onClick={() => void outbox?.remove(invio.chiave)}
                        >
                          Elimina
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        </>
      )}
    </section>
  );
}
