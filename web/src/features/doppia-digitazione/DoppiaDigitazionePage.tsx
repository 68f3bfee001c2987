// sessione/{pk}/doppia-digitazione/ (issue 17): where the event's staff see
// how the double entry of the paper slips stands. Two typings that disagree
// come first: an administrator accepts one of them, types the value read on
// the slip, or drops both. Then the slips typed once, waiting for a second
// typist, and the decisions already taken.
import {
  DECISIONE_DIGITAZIONE,
  type DigitazioneOut,
  type Evento,
  type RisoluzioneDigitazioneRequest,
} from '@gas/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../api/errors';
import { useCurrentUser } from '../../api/queries';
import { ConfirmButton } from '../../components/ConfirmButton';
import { ValoreRisposta } from '../../components/ValoreRisposta';
import { EventoDellaSessione } from '../../components/EventoDellaSessione';
import { Page } from '../../components/Page';
import { QueryState } from '../../components/QueryState';
import { RequireLogin } from '../../components/RequireLogin';
import { formatAnswerValue } from '../../lib/numbers';
import { formatDateTime, formatTimeWithSeconds } from '../../lib/romeTime';
import { STATO_DIGITAZIONE } from '../consegna/messages';
import {
  coppieDiscordanti,
  decisioni,
  digitazioniKey,
  elimina,
  risolvi,
  useDigitazioni,
} from './api';

export const TITOLO = 'Doppia digitazione';
export const SOLO_STAFF =
  'Solo gli amministratori e gli inseritori dell’evento vedono le digitazioni.';
export const NON_ATTIVA =
  'La doppia digitazione non è attiva per questo evento: le risposte contano appena inserite.';
export const NESSUNA_DISCORDANTE = 'Nessuna coppia di digitazioni discordanti da risolvere.';
export const NESSUNA_IN_ATTESA = 'Nessun foglio in attesa della seconda digitazione.';
export const ELIMINATA_IN_ATTESA = 'Eliminata in attesa della seconda digitazione';

/** What the server said, in its words (field and general messages). */
function messaggioDi(error: unknown): string {
  if (!isApiError(error)) return 'Operazione non riuscita, riprova.';
  const messaggi = [...error.nonFieldErrors, ...Object.values(error.fieldErrors).flat()];
  return messaggi.length > 0 ? messaggi.join(' ') : error.message;
}

function Valore({ d }: { d: Pick<DigitazioneOut, 'valore' | 'valore_exp'> }) {
  return <ValoreRisposta valore={d.valore} esponente={d.valore_exp} />;
}

function Chi({ d }: { d: DigitazioneOut }) {
  return (
    <span className="small text-body-secondary">
      {d.utente_nome ?? 'utente eliminato'}, alle {formatTimeWithSeconds(d.ricevuta)} · consegna{' '}
      {formatTimeWithSeconds(d.momento_consegna)}
    </span>
  );
}

interface CoppiaProps {
  coppia: [DigitazioneOut, DigitazioneOut];
  puoDecidere: boolean;
  onDeciso(): void;
}

function CoppiaDiscordante({ coppia, puoDecidere, onDeciso }: CoppiaProps) {
  const [prima, seconda] = coppia;
  const [errore, setErrore] = useState<string | null>(null);
  const [inCorso, setInCorso] = useState(false);
  const [valore, setValore] = useState('');
  const [esponente, setEsponente] = useState('0');
  const id = `coppia-${prima.id}`;

  const decidi = async (decisione: RisoluzioneDigitazioneRequest) => {
    setErrore(null);
    setInCorso(true);
    try {
      await risolvi(prima.id, decisione);
      onDeciso();
    } catch (error) {
      setErrore(messaggioDi(error));
    } finally {
      setInCorso(false);
    }
  };
  const correggi = (e: FormEvent) => {
    e.preventDefault();
    const exp = Number(esponente || '0');
    void decidi({ azione: 'correggi', valore, valore_exp: Number.isInteger(exp) ? exp : NaN });
  };

  return (
    <Card as="li" className="mb-3" aria-labelledby={`${id}-titolo`}>
      <Card.Header id={`${id}-titolo`} className="fw-semibold">
        {prima.squadra_nome} · {prima.problema_nome}
      </Card.Header>
      <Card.Body>
        <Row xs={1} md={2} className="g-3">
          {[prima, seconda].map((d, i) => (
            <Col key={d.id}>
              <div className="small text-body-secondary">
                {i === 0 ? 'Prima' : 'Seconda'} digitazione
              </div>
              <div className="fs-5">
                <Valore d={d} />
              </div>
              <Chi d={d} />
              {puoDecidere && (
                <div className="mt-2">
                  <Button
                    size="sm"
                    variant="outline-success"
                    disabled={inCorso}
                    onClick={() => void decidi({ azione: 'accetta', digitazione: d.id })}
                  >
                    Accetta {formatAnswerValue(d.valore)}
                    {d.valore_exp ? ` × 10^${d.valore_exp}` : ''}
                  </Button>
                </div>
              )}
            </Col>
          ))}
        </Row>
        {puoDecidere && (
          <Form onSubmit={correggi} className="mt-3 pt-3 border-top" noValidate>
            <Row className="g-2 align-items-end">
              <Form.Group as={Col} xs={7} sm={4} controlId={`${id}-valore`}>
                <Form.Label className="small mb-1">Valore letto sul foglio</Form.Label>
                <Form.Control
                  size="sm"
                  inputMode="decimal"
                  autoComplete="off"
                  value={valore}
                  onChange={(e) => setValore(e.target.value)}
                />
              </Form.Group>
              <Form.Group as={Col} xs={5} sm={2} controlId={`${id}-esponente`}>
                <Form.Label className="small mb-1">Esponente</Form.Label>
                <Form.Control
                  size="sm"
                  type="number"
                  value={esponente}
                  onChange={(e) => setEsponente(e.target.value)}
                />
              </Form.Group>
              <Col xs="auto">
                <Button size="sm" type="submit" disabled={inCorso || valore.trim() === ''}>
                  Registra il valore corretto
                </Button>
              </Col>
              <Col xs="auto" className="ms-sm-auto">
                <ConfirmButton
                  size="sm"
                  variant="outline-danger"
                  disabled={inCorso}
                  message="Nessuna delle due digitazioni diventa una risposta."
                  onConfirm={() => void decidi({ azione: 'scarta' })}
                >
                  Scarta entrambe
                </ConfirmButton>
              </Col>
            </Row>
          </Form>
        )}
        {errore && (
          <Alert variant="danger" className="mt-3 mb-0" role="alert">
            {errore}
          </Alert>
        )}
      </Card.Body>
    </Card>
  );
}

function InAttesa({
  lista,
  puoEliminare,
  onEliminata,
}: {
  lista: DigitazioneOut[];
  puoEliminare(d: DigitazioneOut): boolean;
  onEliminata(): void;
}) {
  const [errore, setErrore] = useState<string | null>(null);
  if (lista.length === 0) return <p>{NESSUNA_IN_ATTESA}</p>;
  const cancella = async (id: number) => {
    setErrore(null);
    try {
      await elimina(id);
      onEliminata();
    } catch (error) {
      setErrore(messaggioDi(error));
    }
  };
  return (
    <>
      {errore && (
        <Alert variant="danger" role="alert">
          {errore}
        </Alert>
      )}
      <div className="table-responsive">
        <Table size="sm" striped className="align-middle" aria-labelledby="titolo-in-attesa">
          <thead>
            <tr>
              <th scope="col">Squadra</th>
              <th scope="col">Problema</th>
              <th scope="col">Valore</th>
              <th scope="col">Digitata da</th>
              <th scope="col">
                <span className="visually-hidden">Azioni</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lista.map((d) => (
              <tr key={d.id}>
                <td>{d.squadra_nome}</td>
                <td>{d.problema_nome}</td>
                <td>
                  <Valore d={d} />
                </td>
                <td>
                  <Chi d={d} />
                </td>
                <td className="text-end">
                  {puoEliminare(d) && (
                    <ConfirmButton
                      size="sm"
                      variant="outline-danger"
                      message="La digitazione non conterà e non aspetterà più la seconda."
                      onConfirm={() => void cancella(d.id)}
                    >
                      Elimina
                    </ConfirmButton>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </>
  );
}

/** What the administrators decided for a pair (or a typing dropped while it waited). */
function esitoDi(gruppo: DigitazioneOut[]): string {
  const [d] = gruppo;
  if (gruppo.length === 1 && d!.abbinata_a === null) return ELIMINATA_IN_ATTESA;
  const accettata = gruppo.find((x) => x.decisione === 'accettata');
  if (accettata) return `Accettata la lettura di ${accettata.utente_nome ?? 'un utente eliminato'}`;
  if (gruppo.some((x) => x.decisione === 'corretta')) return DECISIONE_DIGITAZIONE.corretta;
  if (gruppo.every((x) => x.decisione === 'scartata')) return DECISIONE_DIGITAZIONE.scartata;
  return STATO_DIGITAZIONE[d!.stato];
}

function Decisioni({ gruppi }: { gruppi: DigitazioneOut[][] }) {
  if (gruppi.length === 0) return <p>Nessuna decisione ancora.</p>;
  return (
    <div className="table-responsive">
      <Table size="sm" className="align-middle" aria-labelledby="titolo-decisioni">
        <thead>
          <tr>
            <th scope="col">Squadra</th>
            <th scope="col">Problema</th>
            <th scope="col">Letture</th>
            <th scope="col">Decisione</th>
            <th scope="col">Valore registrato</th>
            <th scope="col">Deciso da</th>
          </tr>
        </thead>
        <tbody>
          {gruppi.map((gruppo) => {
            const [d] = gruppo as [DigitazioneOut];
            const registrata = gruppo.find((x) => x.valore_registrato !== null);
            return (
              <tr key={d.id}>
                <td>{d.squadra_nome}</td>
                <td>{d.problema_nome}</td>
                <td>
                  <ul className="list-unstyled mb-0">
                    {gruppo.map((x) => (
                      <li key={x.id}>
                        <Valore d={x} />{' '}
                        <span className="small text-body-secondary">
                          ({x.utente_nome ?? 'utente eliminato'})
                        </span>
                        {x.decisione === 'accettata' && (
                          <Badge bg="success" className="ms-1">
                            accettata
                          </Badge>
                        )}
                      </li>
                    ))}
                  </ul>
                </td>
                <td>{esitoDi(gruppo)}</td>
                <td>
                  {registrata ? (
                    <ValoreRisposta
                      valore={registrata.valore_registrato!}
                      esponente={registrata.valore_registrato_exp ?? 0}
                    />
                  ) : (
                    '—'
                  )}
                </td>
                <td className="small">
                  {d.risolta_da_nome ?? ''}
                  {d.risolta_il ? `, ${formatDateTime(d.risolta_il)}` : ''}
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </div>
  );
}

function Digitazioni({ evento, sessione }: { evento: Evento; sessione: number }) {
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const digitazioni = useDigitazioni(sessione);
  const puoDecidere = evento.permessi?.puo_modificare === true;
  const aggiorna = () => void queryClient.invalidateQueries({ queryKey: digitazioniKey(sessione) });
  const nome = evento.sessioni.find((s) => s.id === sessione)?.nome;

  return (
    <>
      <p className="lead mb-1">
        <Link to={`/evento/${evento.id}/`}>{evento.titolo}</Link>
        {nome ? ` — ${nome}` : ''}
      </p>
      <p>
        <Link to={`/sessione/${sessione}/consegna-risposte/`}>Torna alla consegna risposte</Link>
      </p>
      {!evento.doppia_digitazione && <Alert variant="info">{NON_ATTIVA}</Alert>}
      {evento.permessi?.puo_inserire !== true ? (
        <Alert variant="warning">{SOLO_STAFF}</Alert>
      ) : (
        <QueryState query={digitazioni}>
          {(lista) => {
            const coppie = coppieDiscordanti(lista);
            const attesa = lista.filter((d) => d.stato === 'in_attesa');
            const decise = decisioni(lista).slice(0, 100);
            return (
              <>
                <section aria-labelledby="titolo-discordanti" className="mt-4">
                  <h2 id="titolo-discordanti" className="h4">
                    Digitazioni discordanti <Badge bg="danger">{coppie.length}</Badge>
                  </h2>
                  {!puoDecidere && coppie.length > 0 && (
                    <p className="text-body-secondary">
                      Le risolvono gli amministratori dell’evento.
                    </p>
                  )}
                  {coppie.length === 0 ? (
                    <p>{NESSUNA_DISCORDANTE}</p>
                  ) : (
                    <ul className="list-unstyled">
                      {coppie.map((c) => (
                        <CoppiaDiscordante
                          key={c[0].id}
                          coppia={c}
                          puoDecidere={puoDecidere}
                          onDeciso={aggiorna}
                        />
                      ))}
                    </ul>
                  )}
                </section>
                <section aria-labelledby="titolo-in-attesa" className="mt-4">
                  <h2 id="titolo-in-attesa" className="h4">
                    In attesa della seconda digitazione{' '}
                    <Badge bg="secondary">{attesa.length}</Badge>
                  </h2>
                  <InAttesa
                    lista={attesa}
                    puoEliminare={(d) => puoDecidere || d.utente === user.id}
                    onEliminata={aggiorna}
                  />
                </section>
                <section aria-labelledby="titolo-decisioni" className="mt-4">
                  <h2 id="titolo-decisioni" className="h4">
                    Decisioni degli amministratori
                  </h2>
                  <Decisioni gruppi={decise} />
                </section>
              </>
            );
          }}
        </QueryState>
      )}
    </>
  );
}

export default function DoppiaDigitazionePage() {
  const id = Number(useParams().pk);
  return (
    <RequireLogin>
      <Page title={TITOLO}>
        <EventoDellaSessione id={id}>
          {(evento, sessione) => <Digitazioni evento={evento} sessione={sessione} />}
        </EventoDellaSessione>
      </Page>
    </RequireLogin>
  );
}
