// nuovo-evento/ and modifica-evento/{pk}/ (spec §2 Event form). On save the
// browser goes to evento/{id}/. Editing also shows the event's staff with the
// invitations and the 'Testo e soluzioni' uploads.
import type { Evento } from '@gas/contracts';
import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/errors';
import { queryKeys, useCurrentUser, useEvento } from '../../api/queries';
import { ErrorPage } from '../../components/ErrorPage';
import { Page } from '../../components/Page';
import { PageLoading } from '../../components/PageLoading';
import { QueryState } from '../../components/QueryState';
import { RequireLogin } from '../../components/RequireLogin';
import { EventoForm } from './EventoForm';
import { FileEvento } from './FileEvento';
import { valoriDaEvento, valoriNuovoEvento } from './model';
import { StaffEvento } from './StaffEvento';

export const SERVE_PROFILO =
  'Per creare un evento serve un profilo di responsabile attivo: se pensi di averne diritto, scrivi agli organizzatori.';
export const NON_MODIFICABILE = 'Solo gli amministratori dell’evento possono modificarlo.';

export function Spiegazione() {
  return (
    <div className="mb-4">
      <p>
        Con questo modulo puoi organizzare un evento <strong>non ufficiale</strong>, per esempio una
        gara di allenamento per le tue squadre o per la tua scuola.
      </p>
      <ul>
        <li>
          Un evento <strong>privato</strong> è visibile solo ai suoi amministratori e inseritori; un
          evento <strong>pubblico</strong> è visibile a tutti e ogni docente può iscrivervi le
          proprie squadre nel periodo delle iscrizioni.
        </li>
        <li>
          Chi crea l’evento ne diventa amministratore; dalla pagina di modifica può nominare altri
          amministratori e inseritori, caricare il testo e le soluzioni.
        </li>
        <li>
          Gli eventi ufficiali non si creano da qui: richiedono l’approvazione degli organizzatori.
        </li>
      </ul>
    </div>
  );
}

function useOnSaved() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (evento: Evento) => {
    queryClient.setQueryData(queryKeys.evento(evento.id), evento);
    void queryClient.invalidateQueries({ queryKey: ['eventi'] });
    void navigate(`/evento/${evento.id}/`);
  };
}

function NuovoEvento() {
  const { user } = useCurrentUser();
  const onSaved = useOnSaved();
  // Computed once: the defaults depend on the time the page opened.
  const initial = useMemo(() => valoriNuovoEvento(), []);
  const puoCreare = user.is_superuser || user.responsabile?.attivo === true;
  return (
    <Page title="Creazione evento">
      <Spiegazione />
      {puoCreare ? (
        <EventoForm
          mode="nuovo"
          initial={initial}
          puoUfficiale={user.is_superuser}
          onSaved={onSaved}
        />
      ) : (
        <Alert variant="warning">{SERVE_PROFILO}</Alert>
      )}
    </Page>
  );
}

function Modifica({ evento }: { evento: Evento }) {
  const { user } = useCurrentUser();
  const onSaved = useOnSaved();
  const queryClient = useQueryClient();
  const initial = useMemo(() => valoriDaEvento(evento), [evento]);
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: queryKeys.evento(evento.id) });
  if (!evento.permessi?.puo_modificare) {
    return (
      <ErrorPage
        error={new ApiError({ kind: 'forbidden', status: 403, detail: NON_MODIFICABILE })}
      />
    );
  }
  return (
    <Page title="Modifica evento">
      <p className="lead">
        <Link to={`/evento/${evento.id}/`}>{evento.titolo}</Link>
      </p>
      {evento.tipologia !== 'o' && <Spiegazione />}
      {/* A new key after each save: the form restarts from the saved values. */}
      <EventoForm
        key={JSON.stringify(initial)}
        mode="modifica"
        eventoId={evento.id}
        initial={initial}
        puoUfficiale={user.is_superuser}
        onSaved={onSaved}
      />
      <StaffEvento evento={evento} onChanged={refresh} />
      <FileEvento evento={evento} onUploaded={refresh} />
    </Page>
  );
}

function ModificaEvento({ id }: { id: number }) {
  const evento = useEvento(id);
  if (evento.isPending) return <PageLoading />;
  return (
    <QueryState query={evento} errorPageOnMissing>
      {(e) => <Modifica evento={e} />}
    </QueryState>
  );
}

export default function EventoFormPage({ mode }: { mode: 'nuovo' | 'modifica' }) {
  const params = useParams();
  return (
    <RequireLogin>
      {mode === 'nuovo' ? <NuovoEvento /> : <ModificaEvento id={Number(params.pk)} />}
    </RequireLogin>
  );
}
