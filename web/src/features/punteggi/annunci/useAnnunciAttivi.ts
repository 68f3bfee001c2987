// The viewer's choice of rank announcements, kept on the device
// (localStorage), on unless turned off. Storage may be missing or refused
// (private browsing, quotas): the choice then lasts as long as the page.
import { useCallback, useState } from 'react';

export const CHIAVE_ANNUNCI = 'gas.punteggi.annunci';

function letto(): boolean {
  try {
    return globalThis.localStorage?.getItem(CHIAVE_ANNUNCI) !== 'no';
  } catch {
    return true;
  }
}

export function useAnnunciAttivi(): [boolean, (attivi: boolean) => void] {
  const [attivi, setAttivi] = useState(letto);
  const scegli = useCallback((valore: boolean) => {
    setAttivi(valore);
    try {
      if (valore) globalThis.localStorage?.removeItem(CHIAVE_ANNUNCI);
      else globalThis.localStorage?.setItem(CHIAVE_ANNUNCI, 'no');
    } catch {
      // Not kept: still honoured for this page.
    }
  }, []);
  return [attivi, scegli];
}
