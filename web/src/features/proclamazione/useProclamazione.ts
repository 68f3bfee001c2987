// The proclamation of a session as the page shows it: read from
// GET /api/gas/sessione/{id}/proclamazione/, and read again whenever the
// session's punteggi_eventi feed says the step moved (frame.ts), and after
// the feed comes back from a loss (a step may have moved meanwhile). A page
// opened late reads the current step first; LiveSocket reconnects on its own
// schedule. The administrator's moves answer with the new state at once.
import type { Proclamazione } from '@gas/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { typedApi } from '../../api/typed';
import { LiveSocket, type FeedStatus } from '../../lib/live/LiveSocket';
import { wsUrl } from '../../lib/live/reconnect';
import { leggiFrameProclamazione } from './frame';

export const proclamazioneKey = (sessione: number) => ['proclamazione', sessione] as const;

export type Mossa = { azione: 'avanti' | 'indietro' } | { passo: number };

export function useProclamazione(sessione: number) {
  const queryClient = useQueryClient();
  const key = proclamazioneKey(sessione);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      typedApi.get('/api/gas/sessione/{id}/proclamazione/', 'proclamazione', {
        path: { id: sessione },
        signal,
      }),
  });

  const [status, setStatus] = useState<FeedStatus>('never');
  useEffect(() => {
    const rileggi = () => void queryClient.invalidateQueries({ queryKey: key });
    const socket = new LiveSocket({
      url: wsUrl(`/ws/gas/sessione/${sessione}/punteggi_eventi/`),
      onStatus: setStatus,
      onMessage: (text) => {
        const frame = leggiFrameProclamazione(text);
        // Already there (this page made the move): nothing to read.
        const attuale = queryClient.getQueryData<Proclamazione>(key);
        if (frame && (!attuale || attuale.passo !== frame.passo || attuale.passi !== frame.passi)) {
          rileggi();
        }
      },
      onOpen: (reconnected) => {
        if (reconnected) rileggi();
      },
    });
    socket.start();
    return () => {
      socket.stop();
      setStatus('never');
    };
    // `key` is derived from sessione; queryClient is stable.
  }, [sessione]);

  const muovi = useMutation({
    mutationFn: (mossa: Mossa) =>
      typedApi.post('/api/gas/sessione/{id}/proclamazione/', 'proclamazione', {
        path: { id: sessione },
        body: mossa,
      }),
    onSuccess: (dati) => queryClient.setQueryData(key, dati),
  });
  return { query, status, muovi };
}
