// The page's hook over a LiveController (LiveController.ts has the rules):
// one controller per session id, started while the page is mounted, given
// each render's input (callbacks and offset without reconnecting, new
// parameters rescore), its view read in transitions (lib/useStoreInTransition.ts:
// a new scoring re-renders the page in slices, not in one long task).
import { useEffect, useMemo } from 'react';
import { useStoreInTransition } from '../../../lib/useStoreInTransition';
import { LiveController, type LiveInput, type LiveView } from './LiveController';

export type { LiveInput } from './LiveController';

export interface LiveState extends LiveView {
  retry(): void;
}

export function useLiveSession(input: LiveInput): LiveState {
  const { sessioneId } = input;
  // A new session id is a new controller; the rest of the input goes through update().
  const controller = useMemo(() => new LiveController(input), [sessioneId]);
  useEffect(() => {
    controller.update(input);
  });
  useEffect(() => {
    // In a task of its own, after the effects of the commit that mounted the
    // page: started inside them, the feeds' sockets and the session's fetches
    // made the hydration's effects one task of 40-60 ms on this machine (x4
    // on Lighthouse's phone, docs/performance.md).
    const avvio = setTimeout(() => controller.start(), 0);
    return () => {
      clearTimeout(avvio);
      controller.stop();
    };
  }, [controller]);
  // The server's render (shell/entry-server.tsx) reads the view as it starts: nothing loaded yet.
  const view = useStoreInTransition(controller.subscribe, controller.getView);
  return { ...view, retry: controller.retry };
}
