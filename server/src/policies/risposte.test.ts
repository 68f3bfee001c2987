import { describe, expect, it } from 'vitest';
import { rispostaListScope } from './risposte';
import { squadraInScope } from './squadra';
import { ACTORS, N, ROLES, TIPOLOGIE, Y, evento, squadra, type Role } from './testing';
import type { Tipologia } from './types';

// Per event type: may the role list the answers of [its own team 'mia', a
// team of the sp's school 'stessaScuola', someone else's team 'altra']?
type Row = readonly [boolean, boolean, boolean];
const TUTTE: Row = [Y, Y, Y];
const NESSUNA: Row = [N, N, N];

describe('rispostaListScope', () => {
  const table: Record<Role, Record<Tipologia, Row>> = {
    anonimo: { o: NESSUNA, pub: NESSUNA, priv: NESSUNA },
    utente: { o: NESSUNA, pub: NESSUNA, priv: NESSUNA },
    inattivo: { o: NESSUNA, pub: NESSUNA, priv: NESSUNA },
    // Registered 'mia' (Squadra.responsabili); reads it even in 'o' without the flag.
    docente: { o: [Y, N, N], pub: [Y, N, N], priv: NESSUNA },
    sp: { o: [Y, Y, N], pub: [Y, Y, N], priv: NESSUNA },
    ss: { o: [Y, N, N], pub: [Y, N, N], priv: NESSUNA },
    inseritore: { o: TUTTE, pub: TUTTE, priv: TUTTE },
    amministratore: { o: TUTTE, pub: TUTTE, priv: TUTTE },
    staff: { o: NESSUNA, pub: NESSUNA, priv: NESSUNA },
    superuser: { o: TUTTE, pub: TUTTE, priv: TUTTE },
  };
  const kinds = ['mia', 'stessaScuola', 'altra'] as const;
  const rows = ROLES.flatMap((role) =>
    TIPOLOGIE.flatMap((tip) =>
      kinds.map((kind, i) => ({ role, tip, kind, expected: table[role][tip][i] })),
    ),
  );
  it.each(rows)('$role · $tip · $kind → $expected', ({ role, tip, kind, expected }) => {
    const scope = rispostaListScope(ACTORS[role], evento(tip));
    expect(squadraInScope(scope, squadra(tip, kind))).toBe(expected);
  });
});
