// Demo accounts (all with the password DEMO_PASSWORD) and venue managers.
import type { DbTransaction } from '../../db/client';
import { responsabile, users, type NewResponsabile, type NewUser } from '../../db/schema';

export const DEMO_PASSWORD = 'gas-demo';

type AccountDemo = {
  user: Omit<NewUser, 'passwordHash'>;
  responsabile?: Omit<NewResponsabile, 'userId'>;
  /** What the account shows off (README, tests). */
  descrizione: string;
};

const attivo = { attivo: true, newsletter: false } as const;

export const DEMO_ACCOUNTS = {
  admin: {
    user: {
      username: 'admin',
      firstName: 'Ada',
      lastName: 'Amministratrice',
      isSuperuser: true,
      isStaff: true,
    },
    responsabile: { ...attivo, ruolo: 'sp', puoIscriversiGareUfficiali: true },
    descrizione: 'superutente (e staff)',
  },
  staff: {
    user: { username: 'staff', firstName: 'Stefano', lastName: 'Staff', isStaff: true },
    responsabile: { ...attivo, ruolo: 'sp', puoIscriversiGareUfficiali: false },
    descrizione: 'staff: amministrazione del sito e azioni amministrative',
  },
  principale: {
    user: { username: 'principale', firstName: 'Paola', lastName: 'Bertini' },
    responsabile: { ...attivo, ruolo: 'sp', puoIscriversiGareUfficiali: true, newsletter: true },
    descrizione: 'responsabile principale di tre scuole di Pisa con squadre nelle gare ufficiali',
  },
  secondario: {
    user: { username: 'secondario', firstName: 'Sergio', lastName: 'Secondi' },
    // A secondary manager inherits the official flag of the main manager who created him.
    responsabile: { ...attivo, ruolo: 'ss', puoIscriversiGareUfficiali: true },
    descrizione: 'responsabile di squadra con due squadre assegnate',
  },
  docente: {
    user: { username: 'docente', firstName: 'Daniela', lastName: 'Docenti' },
    responsabile: { ...attivo, ruolo: 'sp', puoIscriversiGareUfficiali: false },
    descrizione: 'docente con un proprio evento pubblico non ufficiale',
  },
  amministratore: {
    user: { username: 'amministratore', firstName: 'Aldo', lastName: 'Amati' },
    responsabile: { ...attivo, ruolo: 'sp', puoIscriversiGareUfficiali: true },
    descrizione: 'amministratore della gara nazionale dimostrativa',
  },
  inseritore: {
    user: { username: 'inseritore', firstName: 'Ines', lastName: 'Inserti' },
    responsabile: { ...attivo, ruolo: 'sp', puoIscriversiGareUfficiali: true },
    descrizione: 'inseritore della gara nazionale dimostrativa',
  },
} satisfies Record<string, AccountDemo>;

export type DemoUsername = keyof typeof DEMO_ACCOUNTS;

/** Cities of the venues of the national event; each has a local manager. */
export const CITTA_POLI = ['Pisa', 'Milano', 'Bologna', 'Roma', 'Napoli', 'Palermo'] as const;

export type UtentiDemo = Record<DemoUsername, { userId: number; responsabileId: number }> & {
  /** Venue managers by city (no usable password). */
  referenti: Record<string, number>;
};

export async function insertUtenti(
  tx: DbTransaction,
  passwordHash: string,
  now: Date,
): Promise<UtentiDemo> {
  const usernames = Object.keys(DEMO_ACCOUNTS) as DemoUsername[];
  const demoRows: NewUser[] = usernames.map((username) => {
    const { user } = DEMO_ACCOUNTS[username];
    return { ...user, email: `${username}@gas.example`, passwordHash, dateJoined: now };
  });
  const referentiRows: NewUser[] = CITTA_POLI.map((citta) => ({
    username: `referente.${citta.toLowerCase()}`,
    firstName: 'Referente',
    lastName: `polo di ${citta}`,
    email: `referente.${citta.toLowerCase()}@gas.example`,
    dateJoined: now,
  }));
  const inserted = await tx
    .insert(users)
    .values([...demoRows, ...referentiRows])
    .returning({ id: users.id, username: users.username });
  const idOf = new Map(inserted.map((row) => [row.username, row.id]));

  const responsabili = await tx
    .insert(responsabile)
    .values(
      usernames.map((username) => ({
        ...DEMO_ACCOUNTS[username].responsabile,
        userId: idOf.get(username)!,
      })),
    )
    .returning({ id: responsabile.id, userId: responsabile.userId });
  const responsabileOf = new Map(responsabili.map((row) => [row.userId, row.id]));

  const result = { referenti: {} } as UtentiDemo;
  for (const username of usernames) {
    const userId = idOf.get(username)!;
    result[username] = { userId, responsabileId: responsabileOf.get(userId)! };
  }
  for (const citta of CITTA_POLI) {
    result.referenti[citta] = idOf.get(`referente.${citta.toLowerCase()}`)!;
  }
  return result;
}
