// The viewer's choice of rank announcements, kept on the device
// (localStorage), on unless turned off. Storage may be missing or refused
// (private browsing, quotas): the choice then lasts as long as the page.
import { useCallback, useState } from 'react';
import { useDipintaDalServer } from '../../../lib/idratazione';

export const CHIAVE_ANNUNCI = 'gas.punteggi.annunci';

function letto(): boolean {
  try {
    return globalThis.localStorage?.getItem(CHIAVE_ANNUNCI) !== 'no';
  } catch {
    return true;
  }
}

export function useAnnunciAttivi(): [boolean, (attivi: boolean) => void] {
  // On (the default) on the server and in the render that hydrates its page;
  // the device's choice right after, read once (the page re-renders at every
  // live answer).
  const dipinta = useDipintaDalServer();
  const [delDispositivo] = useState(letto);
  const [scelta, setScelta] = useState<boolean | null>(null);
  const attivi = scelta ?? (dipinta || delDispositivo);
  const scegli = useCallback((valore: boolean) => {
    setScelta(valore);
    try {
      if (valore) globalThis.localStorage?.removeItem(CHIAVE_ANNUNCI);
      else globalThis.localStorage?.setItem(CHIAVE_ANNUNCI, 'no');
    } catch {
      // Not kept: still honoured for this page.
    }
  }, []);
  return [attivi, scegli];
}
