// The history of a record (or any list of audit entries): who changed it,
// when, from where and how, each changed field before → after.
import type { RegistroVoce } from '@gas/contracts';
import { useQuery } from '@tanstack/react-query';
import ListGroup from 'react-bootstrap/ListGroup';
import { QueryState } from '../../components/QueryState';
import { formatDateTime } from '../../lib/romeTime';
import { adminKeys, fetchLog } from './api';
import { mostra } from './format';
import { risorsaDelRegistro } from './registro';

export const AZIONE: Record<RegistroVoce['azione'], string> = {
  crea: 'Creazione',
  modifica: 'Modifica',
  elimina: 'Eliminazione',
  accesso: 'Accesso',
};
export const ORIGINE: Record<RegistroVoce['origine'], string> = {
  admin: 'amministrazione',
  api: 'sito',
  import: 'importazione',
  sistema: 'sistema',
};

/** Fields of entries outside the back office's resources: secrets (never with their value), the error inbox. */
const CAMPI_DEL_REGISTRO: Record<string, string> = {
  password: 'Password',
  link_password: 'Link per scegliere la password',
  token_chat: 'Token della chat',
  nome_chat: 'Nome nella chat',
  /** An error group of the inbox (resource `errori`). */
  risolto: 'Risolto',
};
/** Id → title of the records a changed field points to, as the server named them. */
const titoliDi = (voce: RegistroVoce, campo: string) =>
  new Map(Object.entries(voce.titoli[campo] ?? {}).map(([id, titolo]) => [Number(id), titolo]));

export function Voce({ voce, conOggetto }: { voce: RegistroVoce; conOggetto?: boolean }) {
  const risorsa = risorsaDelRegistro(voce.risorsa);
  const campo = (nome: string) => risorsa?.campi.find((c) => c.nome === nome);
  // The object as it is called now (with its event, its team…), else as it was called then.
  const oggetto = voce.oggetto_titolo ?? voce.oggetto_nome;
  return (
    <ListGroup.Item as="li">
      <div className="small text-body-secondary">
        {formatDateTime(voce.momento)} · {voce.utente_nome || 'sistema'} · {ORIGINE[voce.origine]}
        {voce.indirizzo && ` · ${voce.indirizzo}`}
      </div>
      <div className="fw-semibold">
        {AZIONE[voce.azione]}
        {conOggetto && ` · ${risorsa?.singolare ?? voce.risorsa} «${oggetto}»`}
        {voce.nota && <span className="fw-normal"> · {voce.nota}</span>}
      </div>
      {Object.keys(voce.modifiche).length > 0 && (
        <ul className="small mb-0">
          {Object.entries(voce.modifiche).map(([nome, [prima, dopo]]) => (
            <li key={nome}>
              {campo(nome)?.etichetta ?? CAMPI_DEL_REGISTRO[nome] ?? nome}:{' '}
              {mostra(campo(nome), prima, titoliDi(voce, nome))} →{' '}
              {mostra(campo(nome), dopo, titoliDi(voce, nome))}
            </li>
          ))}
        </ul>
      )}
    </ListGroup.Item>
  );
}

export function Storia({ risorsa, oggetto }: { risorsa: string; oggetto?: number }) {
  const q = { risorsa, oggetto, page_size: 200 };
  const query = useQuery({
    queryKey: adminKeys.log(q),
    queryFn: ({ signal }) => fetchLog(q, signal),
  });
  return (
    <QueryState query={query}>
      {(page) =>
        page.results.length === 0 ? (
          <p className="text-body-secondary">Nessuna modifica registrata.</p>
        ) : (
          <ListGroup as="ul" data-testid="storia">
            {page.results.map((v) => (
              <Voce key={v.id} voce={v} conOggetto={oggetto === undefined} />
            ))}
          </ListGroup>
        )
      }
    </QueryState>
  );
}
