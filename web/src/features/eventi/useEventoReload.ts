// When an event starts, its problems and files become public: reload them
// 3 s after the start (spec §4, §9 "Restart timer at start +3 s"), and once
// more at the end for the solutions.
import type { Evento } from '@gas/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { queryKeys } from '../../api/queries';
import { scheduleAt, useEventPhase, type Phase } from '../../lib/timers';

export const RELOAD_AFTER_START_MS = 3000;

export function useEventoPhaseWithReload(evento: Evento): Phase {
  const queryClient = useQueryClient();
  const reload = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.evento(evento.id) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.problemi(evento.id) });
    void queryClient.invalidateQueries({ queryKey: ['eventi'] });
  }, [queryClient, evento.id]);

  const start = new Date(evento.inizio).getTime();
  const end = new Date(evento.fine).getTime();
  useEffect(() => {
    const cancelStart = scheduleAt(start + RELOAD_AFTER_START_MS, reload);
    const cancelEnd = scheduleAt(end + RELOAD_AFTER_START_MS, reload);
    return () => {
      cancelStart();
      cancelEnd();
    };
  }, [start, end, reload]);

  return useEventPhase(start, end);
}
