// /admin/<nome>/: the list of a resource with the description's columns,
// search, filters, sorting and pages, all in the URL (links can be shared),
// the CSV of what is shown, and the selected rows' deletion.
import { conta, type RisorsaAdmin } from '@gas/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link, useParams } from 'react-router';
import { type Query } from '../../api/client';
import { typedApi } from '../../api/typed';
import { serverErrorMessage } from '../../components/form/useApiForm';
import NotFoundPage from '../../components/NotFoundPage';
import { adminKeys, bulkAction, csvUrl, fetchPage, useTitlesOfEach, type Record_ } from './api';
import { campiDi, risorsaByNome, type Campo } from './fields';
import { mostra } from './format';
import { RiferimentoPicker } from './Riferimento';
import { Paginazione, useFiltriUrl } from './Paginazione';

const PAGE_SIZE = 50;

/** The resource a reference field points to. */
const riferitaDa = (campo: Campo) =>
  campo.kind.tipo === 'riferimento' || campo.kind.tipo === 'riferimenti'
    ? risorsaByNome.get(campo.kind.risorsa)
    : undefined;

/** The titles of the records the page's reference columns point to, one call per column. */
function usePageTitles(colonne: Campo[], rows: Record_[]) {
  const wanted = colonne.map((c) => ({
    risorsa: riferitaDa(c),
    ids: riferitaDa(c)
      ? rows.flatMap((r) => [r[c.nome]].flat()).filter((v): v is number => typeof v === 'number')
      : [],
  }));
  const titles = useTitlesOfEach(wanted);
  return new Map(colonne.map((c, i) => [c.nome, titles[i]]));
}

function Filtro({
  campo,
  value,
  onChange,
  label,
}: {
  campo: Campo;
  value: string;
  onChange(v: string): void;
  /** The label (default: the field's); the empty choice reads 'Tutti' only as a filter. */
  label?: string;
}) {
  const rif = riferitaDa(campo);
  const id = `${label ? 'valore' : 'filtro'}-${campo.nome}`;
  const tutti = label ? '—' : 'Tutti';
  let input;
  if (campo.kind.tipo === 'booleano') {
    input = (
      <Form.Select id={id} size="sm" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{tutti}</option>
        <option value="true">Sì</option>
        <option value="false">No</option>
      </Form.Select>
    );
  } else if (campo.kind.tipo === 'scelta') {
    input = (
      <Form.Select id={id} size="sm" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{tutti}</option>
        {campo.kind.valori.map((v) => (
          <option key={v} value={v}>
            {mostra(campo, v)}
          </option>
        ))}
      </Form.Select>
    );
  } else if (rif) {
    input = (
      <RiferimentoPicker
        id={id}
        size="sm"
        risorsa={rif}
        value={value === '' ? null : Number(value)}
        vuoto={tutti}
        onChange={(rid) => onChange(rid === null ? '' : String(rid))}
      />
    );
  } else {
    input = (
      <Form.Control id={id} size="sm" value={value} onChange={(e) => onChange(e.target.value)} />
    );
  }
  return (
    <Form.Group className="col-6 col-md-4 col-xl-3">
      <Form.Label htmlFor={id} className="small mb-0">
        {label ?? campo.etichetta}
      </Form.Label>
      {input}
    </Form.Group>
  );
}

/** The same change to the selected rows: one field, one value (booleans, choices, references). */
function ModificaSelezionati(props: {
  risorsa: RisorsaAdmin;
  ids: number[];
  onDone(text: string, ok: boolean): void;
}) {
  const campi = campiDi(props.risorsa).filter(
    (c) => !c.solaLettura && ['booleano', 'scelta', 'riferimento'].includes(c.kind.tipo),
  );
  const [nome, setNome] = useState(campi[0]?.nome ?? '');
  const [value, setValue] = useState('');
  const queryClient = useQueryClient();
  const campo = campi.find((c) => c.nome === nome);
  if (!campo || props.risorsa.modifica === false) return null;
  const apply = async () => {
    const valore =
      campo.kind.tipo === 'booleano'
        ? value === 'true'
        : campo.kind.tipo === 'riferimento'
          ? value === ''
            ? null
            : Number(value)
          : value;
    try {
      const res = await bulkAction(props.risorsa.nome, {
        azione: 'modifica',
        ids: props.ids,
        valori: { [campo.nome]: valore },
      });
      props.onDone(`Modificati: ${res.numero}.`, true);
      await queryClient.invalidateQueries({ queryKey: ['admin', props.risorsa.nome] });
    } catch (error) {
      props.onDone(serverErrorMessage(error, 'ids') ?? 'Modifica non riuscita.', false);
    }
  };
  return (
    <div className="d-flex flex-wrap align-items-end gap-2">
      <Form.Group controlId="bulk-campo">
        <Form.Label className="small mb-0">Imposta</Form.Label>
        <Form.Select
          size="sm"
          value={nome}
          onChange={(e) => {
            setNome(e.target.value);
            setValue('');
          }}
        >
          {campi.map((c) => (
            <option key={c.nome} value={c.nome}>
              {c.etichetta}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Filtro campo={campo} value={value} onChange={setValue} label="a" />
      <Button size="sm" onClick={apply} disabled={campo.kind.tipo === 'booleano' && value === ''}>
        Applica ai selezionati
      </Button>
    </div>
  );
}

/** Squadre: the age order of an event's teams from a pasted list, one name (or id) per line. */
function OrdineEta() {
  const [open, setOpen] = useState(false);
  const [evento, setEvento] = useState('');
  const [elenco, setElenco] = useState('');
  const [esito, setEsito] = useState<{ ok: boolean; text: string } | null>(null);
  const queryClient = useQueryClient();
  if (!open) {
    return (
      <Button size="sm" variant="outline-secondary" className="mb-3" onClick={() => setOpen(true)}>
        Ordine di età da un elenco…
      </Button>
    );
  }
  const apply = async () => {
    try {
      const res = await typedApi.post('/api/admin/squadra/ordine-eta/', 'esitoAzione', {
        body: { evento: Number(evento), elenco },
      });
      setEsito({
        ok: true,
        text: `Ordine di età aggiornato per ${conta(res.numero, 'squadra', 'squadre')}.`,
      });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'squadra'] });
    } catch (error) {
      const list = serverErrorMessage(error, 'elenco') ?? serverErrorMessage(error, 'evento');
      setEsito({ ok: false, text: list ?? 'Aggiornamento non riuscito.' });
    }
  };
  return (
    <Form
      className="border rounded p-3 mb-3"
      onSubmit={(e) => {
        e.preventDefault();
        void apply();
      }}
    >
      <Form.Group className="mb-2">
        <Form.Label htmlFor="eta-evento">Evento</Form.Label>
        <RiferimentoPicker
          id="eta-evento"
          risorsa={risorsaByNome.get('evento')!}
          value={evento === '' ? null : Number(evento)}
          vuoto="Cerca e scegli…"
          onChange={(rid) => setEvento(rid === null ? '' : String(rid))}
        />
      </Form.Group>
      <Form.Group className="mb-2" controlId="eta-elenco">
        <Form.Label>Squadre dalla più giovane, una per riga (nome o id)</Form.Label>
        <Form.Control
          as="textarea"
          rows={6}
          value={elenco}
          onChange={(e) => setElenco(e.target.value)}
        />
      </Form.Group>
      {esito && (
        <Alert
          variant={esito.ok ? 'success' : 'danger'}
          className="small"
          style={{ whiteSpace: 'pre-line' }}
        >
          {esito.text}
        </Alert>
      )}
      <div className="d-flex gap-2">
        <Button type="submit" size="sm" disabled={evento === ''}>
          Applica
        </Button>
        <Button size="sm" variant="outline-secondary" onClick={() => setOpen(false)}>
          Chiudi
        </Button>
      </div>
    </Form>
  );
}

function Lista({ risorsa }: { risorsa: RisorsaAdmin }) {
  const campi = campiDi(risorsa);
  const colonne = campi.filter((c) => risorsa.campi[c.nome]?.lista);
  const filtri = campi.filter((c) => risorsa.campi[c.nome]?.filtro);
  const { params, imposta: set } = useFiltriUrl();
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirm, setConfirm] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const queryClient = useQueryClient();

  // The search box writes the URL a moment after typing stops.
  useEffect(() => {
    const t = setTimeout(() => {
      if ((params.get('search') ?? '') !== search) set({ search });
    }, 300);
    return () => clearTimeout(t);
  });

  const query: Query = { page_size: PAGE_SIZE };
  for (const [k, v] of params) query[k] = v;
  const page = useQuery({
    queryKey: adminKeys.list(risorsa.nome, query),
    queryFn: ({ signal }) => fetchPage(risorsa.nome, query, signal),
    placeholderData: keepPreviousData,
  });
  const titles = usePageTitles(colonne, page.data?.results ?? []);
  const ordering = params.get('ordering') ?? risorsa.ordinamento.join(',');
  const pagina = Number(params.get('page') ?? 1);
  const { page: _p, page_size: _s, ...csvQuery } = query;

  const sortBy = (nome: string) => set({ ordering: ordering === nome ? `-${nome}` : nome });

  const eliminaSelezionati = async () => {
    try {
      const res = await bulkAction(risorsa.nome, { azione: 'elimina', ids: [...selected] });
      setMessage({ ok: true, text: `Eliminati: ${res.numero}.` });
      setSelected(new Set());
      await queryClient.invalidateQueries({ queryKey: ['admin', risorsa.nome] });
    } catch (error) {
      setMessage({
        ok: false,
        text: serverErrorMessage(error, 'ids') ?? 'Eliminazione non riuscita.',
      });
    } finally {
      setConfirm(false);
    }
  };

  return (
    <>
      <nav aria-label="Percorso" className="small mb-2">
        <Link to="/admin/">Amministrazione</Link>
      </nav>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h2 me-auto mb-0">{risorsa.etichetta}</h1>
        {risorsa.crea !== false && (
          <Link className="btn btn-primary" to={`/admin/${risorsa.nome}/nuovo/`}>
            Aggiungi
          </Link>
        )}
        <a className="btn btn-outline-secondary" href={csvUrl(risorsa.nome, csvQuery)} download>
          Scarica CSV
        </a>
      </div>
      <Form className="row g-2 mb-3" role="search" onSubmit={(e) => e.preventDefault()}>
        <Form.Group className="col-12 col-md-4 col-xl-3">
          <Form.Label htmlFor="cerca" className="small mb-0">
            Cerca
          </Form.Label>
          <Form.Control
            id="cerca"
            size="sm"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </Form.Group>
        {filtri.map((c) => (
          <Filtro
            key={c.nome}
            campo={c}
            value={params.get(c.nome) ?? ''}
            onChange={(v) => set({ [c.nome]: v })}
          />
        ))}
      </Form>
      {risorsa.nome === 'squadra' && <OrdineEta />}
      {message && (
        <Alert
          variant={message.ok ? 'success' : 'danger'}
          onClose={() => setMessage(null)}
          dismissible
        >
          {message.text}
        </Alert>
      )}
      {page.isError && <Alert variant="danger">{serverErrorMessage(page.error, 'ordering')}</Alert>}
      {selected.size > 0 && (
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <span>Selezionati: {selected.size}</span>
          {confirm ? (
            <>
              <span>
                {selected.size === 1
                  ? 'Eliminare l’elemento selezionato e ciò che ne dipende?'
                  : `Eliminare i ${selected.size} elementi selezionati e ciò che dipende da loro?`}
              </span>
              <Button size="sm" variant="danger" onClick={eliminaSelezionati}>
                Conferma eliminazione
              </Button>
              <Button size="sm" variant="outline-secondary" onClick={() => setConfirm(false)}>
                Annulla
              </Button>
            </>
          ) : (
            <Button size="sm" variant="outline-danger" onClick={() => setConfirm(true)}>
              Elimina selezionati
            </Button>
          )}
          <ModificaSelezionati
            risorsa={risorsa}
            ids={[...selected]}
            onDone={(text, ok) => setMessage({ ok, text })}
          />
        </div>
      )}
      <div className="table-responsive">
        <Table size="sm" hover className="align-middle">
          <thead>
            <tr>
              <th scope="col">
                <Form.Check
                  aria-label="Seleziona tutti"
                  checked={
                    !!page.data &&
                    page.data.results.length > 0 &&
                    page.data.results.every((r) => selected.has(r.id))
                  }
                  onChange={(e) =>
                    setSelected(
                      new Set(e.target.checked ? (page.data?.results ?? []).map((r) => r.id) : []),
                    )
                  }
                />
              </th>
              <th scope="col">id</th>
              {colonne.map((c) => (
                <th key={c.nome} scope="col">
                  {risorsa.campi[c.nome]?.ordina ? (
                    <Button
                      variant="link"
                      size="sm"
                      className="p-0 text-nowrap"
                      onClick={() => sortBy(c.nome)}
                    >
                      {c.etichetta}
                      {ordering === c.nome ? ' ▲' : ordering === `-${c.nome}` ? ' ▼' : ''}
                    </Button>
                  ) : (
                    c.etichetta
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(page.data?.results ?? []).map((r) => (
              <tr key={r.id}>
                <td>
                  <Form.Check
                    aria-label={`Seleziona ${String(r[risorsa.titolo] ?? r.id)}`}
                    checked={selected.has(r.id)}
                    onChange={(e) => {
                      const next = new Set(selected);
                      if (e.target.checked) next.add(r.id);
                      else next.delete(r.id);
                      setSelected(next);
                    }}
                  />
                </td>
                <td>
                  <Link to={`/admin/${risorsa.nome}/${r.id}/`}>{r.id}</Link>
                </td>
                {colonne.map((c, i) => (
                  <td key={c.nome}>
                    {i === 0 ? (
                      <Link to={`/admin/${risorsa.nome}/${r.id}/`}>
                        {mostra(c, r[c.nome], titles.get(c.nome))}
                      </Link>
                    ) : (
                      mostra(c, r[c.nome], titles.get(c.nome))
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      {page.data && (
        <Paginazione
          pagina={pagina}
          descrizione={`di ${Math.max(1, Math.ceil(page.data.count / PAGE_SIZE))} · ${conta(page.data.count, 'elemento', 'elementi')}`}
          precedente={!!page.data.previous}
          successiva={!!page.data.next}
          onPagina={(n) => set({ page: String(n) })}
        />
      )}
    </>
  );
}

export function ListPage() {
  const { nome = '' } = useParams();
  const risorsa = risorsaByNome.get(nome);
  if (!risorsa) return <NotFoundPage />;
  return <Lista key={nome} risorsa={risorsa} />;
}
