// The page's hook over a LiveController (LiveController.ts has the rules):
// one controller per session id, started while the page is mounted, given
// each render's input (callbacks and offset without reconnecting, new
// parameters rescore), its view read with useSyncExternalStore.
import { useEffect, useMemo, useSyncExternalStore } from 'react';
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
    controller.start();
    return () => controller.stop();
  }, [controller]);
  // The server's render (shell/server.tsx) reads the view as it starts: nothing loaded yet.
  const view = useSyncExternalStore(controller.subscribe, controller.getView, controller.getView);
  return { ...view, retry: controller.retry };
}
