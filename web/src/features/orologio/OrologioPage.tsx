// sessione/{pk}/orologio/: the live clock of a session for a projector or a
// venue screen (spec §2 "Live clock page"): the current time on the server's
// clock, a flip-clock countdown to the start and then to the end, 'L'evento è
// concluso!' once the end has passed, and a warning when this computer's clock
// is more than 10 s off the server's. It follows the event's feed, so a start
// or end moved by the organisers moves the projector's clock too.
import type { Sessione } from '@gas/contracts';
import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link, useParams } from 'react-router';
import { useSessione } from '../../api/queries';
import { useMessaggi } from '../punteggi/messaggi/useMessaggi';
import { FlipClock } from '../../components/FlipClock';
import { Page } from '../../components/Page';
import { QueryState } from '../../components/QueryState';
import { formatDateLong, formatTimeWithSeconds } from '../../lib/romeTime';
import { statusText } from '../../lib/eventStatus';
import { skewWarning, useServerOffset } from '../../lib/serverClock';
import { postSessionToServiceWorker } from '../../lib/serviceWorker';
import { useServerNow } from '../../lib/serverNow';
import { useEventPhase } from '../../lib/timers';
import NotFoundPage from '../../components/NotFoundPage';

export const EVENTO_CONCLUSO = "L'evento è concluso!";

function Orologio({ sessione }: { sessione: Sessione }) {
  const { offset } = useServerOffset();
  const now = useServerNow(offset);
  // The event's feed, for its moved times (api/modifiche-evento.ts); no
  // message toasts on a projector's clock.
  useMessaggi(sessione.evento, sessione.inizio, sessione.fine, offset, { toasts: false });
  // Timers run on this computer's clock: shift the instants by the offset.
  const phase = useEventPhase(
    new Date(sessione.inizio).getTime() - offset,
    new Date(sessione.fine).getTime() - offset,
  );
  const warning = skewWarning(offset);
  const target = phase === 'prima' ? sessione.inizio : sessione.fine;
  return (
    <div className="text-center">
      {warning && (
        <Alert variant="warning" className="text-start">
          {warning}
        </Alert>
      )}
      <p className="mb-1">{formatDateLong(now)}</p>
      <p className="orologio-ora mb-4" aria-live="off" data-testid="ora-server">
        {formatTimeWithSeconds(now)}
      </p>
      {phase === 'dopo' ? (
        <Alert variant="success" className="fs-3 fw-bold">
          {EVENTO_CONCLUSO}
        </Alert>
      ) : (
        <>
          <h2 className="h4">{phase === 'prima' ? "All'inizio mancano" : 'Alla fine mancano'}</h2>
          <FlipClock
            to={new Date(target).getTime()}
            offset={offset}
            label={phase === 'prima' ? "Tempo all'inizio" : 'Tempo alla fine'}
          />
        </>
      )}
      <p className="mt-4" data-testid="stato-evento">
        {statusText(phase, sessione.inizio, sessione.fine)}
      </p>
      <p>
        <Link to={`/sessione/${sessione.id}/punteggi/`}>Vai ai punteggi</Link> ·{' '}
        <Link to={`/evento/${sessione.evento}/`}>Vai all&apos;evento</Link>
      </p>
    </div>
  );
}

export default function OrologioPage() {
  const pk = Number(useParams().pk);
  const valid = Number.isInteger(pk) && pk > 0;
  const query = useSessione(valid ? pk : 0);
  useEffect(() => {
    if (!valid) return;
    postSessionToServiceWorker(pk);
    return () => postSessionToServiceWorker(null);
  }, [pk, valid]);
  if (!valid) return <NotFoundPage />;
  return (
    <QueryState query={query} errorPageOnMissing>
      {(sessione) => (
        <Page title={`Orologio - ${sessione.nome}`}>
          <Orologio sessione={sessione} />
        </Page>
      )}
    </QueryState>
  );
}
