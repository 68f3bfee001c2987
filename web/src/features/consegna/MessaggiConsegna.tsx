// The event's important messages on the answer desk (issue 26): the scores
// page's feed and list (punteggi/messaggi), so a message posted by the staff
// reaches the desk at once, as a toast and in this list. Below the form, and
// only when there is one: a message arriving never moves the fields being typed in.
import type { Evento } from '@gas/contracts';
import { MessaggiList } from '../punteggi/messaggi/MessaggiList';
import { useMessaggi } from '../punteggi/messaggi/useMessaggi';

export const MESSAGGI_TITOLO = 'Messaggi importanti';

export function MessaggiConsegna({ evento, offset }: { evento: Evento; offset: number }) {
  const messaggi = useMessaggi(evento.id, evento.inizio, evento.fine, offset);
  // Nothing to say, or the list cannot load (a dead Wi-Fi, nothing kept): the desk stays clean.
  if (!messaggi.query.data?.length) return null;
  return (
    <section aria-labelledby="messaggi-consegna" className="mt-4">
      <h2 id="messaggi-consegna" className="h5">
        {MESSAGGI_TITOLO}
      </h2>
      <MessaggiList query={messaggi.query} offset={offset} />
    </section>
  );
}
