// nuovo-responsabile/ and modifica-responsabile/{pk}/ (spec §2 Secondary
// manager form). On success the browser goes to accounts/profile/.
import type { Manager, Squadra } from '@gas/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/errors';
import { useCurrentUser, useEventi } from '../../api/queries';
import { ErrorPage } from '../../components/ErrorPage';
import { Page } from '../../components/Page';
import { PageLoading } from '../../components/PageLoading';
import { QueryState } from '../../components/QueryState';
import { RequireLogin } from '../../components/RequireLogin';
import { useMieScuole, useMieSquadre } from '../squadre/api';
import { managerKeys, useManager } from './api';
import { ResponsabileForm } from './ResponsabileForm';

export const SOLO_PRINCIPALI =
  'Solo i responsabili principali possono creare responsabili di squadra.';
const DAY = 86_400_000;

/**
 * Teams offered in the multi-select: the user's teams of events from
 * yesterday on, plus those the manager already has (so that saving keeps them).
 */
function useSquadreAssegnabili(assegnate: readonly number[]) {
  const squadre = useMieSquadre();
  const eventi = useEventi();
  const since = Date.now() - DAY;
  const recenti = new Set(
    (eventi.data ?? []).filter((e) => Date.parse(e.inizio) >= since).map((e) => e.id),
  );
  const data: Squadra[] | undefined = squadre.data
    ?.filter((s) => recenti.has(s.evento) || assegnate.includes(s.id))
    .sort(
      (a, b) =>
        (a.scuola?.nome ?? '').localeCompare(b.scuola?.nome ?? '', 'it') ||
        a.nome.localeCompare(b.nome, 'it'),
    );
  return { ...squadre, isPending: squadre.isPending || eventi.isPending, data };
}

function Modulo({ manager }: { manager?: Manager }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const squadre = useSquadreAssegnabili(manager?.responsabile.squadre ?? []);
  const scuole = useMieScuole();
  if (squadre.isPending || scuole.isPending) return <PageLoading />;
  const onSaved = () => {
    void queryClient.invalidateQueries({ queryKey: managerKeys.altri });
    if (manager) void queryClient.invalidateQueries({ queryKey: managerKeys.manager(manager.id) });
    void navigate('/accounts/profile/');
  };
  return (
    <QueryState query={scuole}>
      {(listaScuole) => (
        <ResponsabileForm
          manager={manager}
          squadre={squadre.data ?? []}
          scuole={listaScuole}
          onSaved={onSaved}
        />
      )}
    </QueryState>
  );
}

function Nuovo() {
  const { user } = useCurrentUser();
  const principale = user.responsabile?.attivo && user.responsabile.ruolo === 'sp';
  if (!user.is_superuser && !principale) {
    return (
      <ErrorPage
        error={new ApiError({ kind: 'forbidden', status: 403, detail: SOLO_PRINCIPALI })}
      />
    );
  }
  return (
    <Page title="Nuovo responsabile di squadra">
      <p>
        Un responsabile di squadra può consegnare le risposte delle squadre che gli assegni, per
        esempio un collega che accompagna le squadre a un polo.
      </p>
      <Modulo />
    </Page>
  );
}

function Modifica({ id }: { id: number }) {
  const manager = useManager(id);
  if (manager.isPending) return <PageLoading />;
  return (
    <QueryState query={manager} errorPageOnMissing>
      {(m) =>
        m.puo_modificare ? (
          <Page title="Modifica responsabile di squadra">
            <Modulo manager={m} />
          </Page>
        ) : (
          <ErrorPage
            error={
              new ApiError({
                kind: 'forbidden',
                status: 403,
                detail: 'Non puoi modificare questo responsabile.',
              })
            }
          />
        )
      }
    </QueryState>
  );
}

export default function ResponsabileFormPage({ mode }: { mode: 'nuovo' | 'modifica' }) {
  const params = useParams();
  return (
    <RequireLogin>
      {mode === 'nuovo' ? <Nuovo /> : <Modifica id={Number(params.pk)} />}
    </RequireLogin>
  );
}
