// The back office's pages that are not a resource's list, by the group whose
// menu and index card show them.
import type { GruppoAdmin } from '@gas/contracts';

export const PAGINE: readonly { gruppo: GruppoAdmin; etichetta: string; percorso: string }[] = [
  { gruppo: 'Partecipanti', etichetta: 'Importa dal sito olimpiadi', percorso: '/admin/import/' },
  { gruppo: 'Sito', etichetta: 'Impostazioni del sito', percorso: '/admin/impostazioni-sito/' },
  { gruppo: 'Registro', etichetta: 'Registro delle modifiche', percorso: '/admin/log/' },
  { gruppo: 'Registro', etichetta: 'Errori segnalati', percorso: '/admin/errori/' },
];
