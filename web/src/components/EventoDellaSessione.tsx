// A page about one event, reached by the event's id or by one of its
// sessions' (answer entry, double entry): one place for loading the session,
// then its event, with the error page when either is missing or forbidden.
import type { Evento } from '@gas/contracts';
import type { ReactNode } from 'react';
import { useEvento, useSessione } from '../api/queries';
import { QueryState } from './QueryState';

export function EventoCaricato({
  id,
  children,
}: {
  id: number;
  children(evento: Evento): ReactNode;
}) {
  const evento = useEvento(id);
  return (
    <QueryState query={evento} errorPageOnMissing>
      {children}
    </QueryState>
  );
}

export function EventoDellaSessione({
  id,
  children,
}: {
  id: number;
  children(evento: Evento, sessione: number): ReactNode;
}) {
  const sessione = useSessione(id);
  return (
    <QueryState query={sessione} errorPageOnMissing>
      {(s) => <EventoCaricato id={s.evento}>{(e) => children(e, s.id)}</EventoCaricato>}
    </QueryState>
  );
}
