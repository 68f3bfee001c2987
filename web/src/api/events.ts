// App-wide notices raised by the API client, for widgets outside the call
// site: any 429 raises 'throttled' (the 'Calma' toast of spec §8).
export type ApiNotice = 'throttled';
type Listener = (notice: ApiNotice) => void;

const listeners = new Set<Listener>();

export function onApiNotice(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitApiNotice(notice: ApiNotice): void {
  for (const listener of listeners) listener(notice);
}
