// Who acts on an account (issue 26, item 1): only a superuser acts on the
// account of a superuser or of another staff member (e-mail, username,
// active flag, roles, password links, password, deletion); staff manage the
// other accounts. Every path that touches an account is checked: the back
// office's single and bulk writes, its password link, the import from the
// olympiad site and a main manager's secondary managers. A refusal is a 403
// in Italian and changes nothing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PRIVILEGIATO } from '../../policies';
import { responsabile, tokenPassword, users } from '../../db/schema';
import { testBackends } from '../../db/testing';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../testing';

describe.each(testBackends())('accounts only a superuser manages, on %s', (backend) => {
  let t: TestApp;
  /** User ids: the demo's superuser and staff, a second staff member, a plain teacher. */
  const id = { admin: 0, staff: 0, collega: 0, docente: 0 };

  const userId = (username: string) => t.userId(username);
  const account = async (userId: number) => {
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
    return row!;
  };
  const links = async (userId: number) =>
    t.database.db.select().from(tokenPassword).where(eq(tokenPassword.userId, userId));

  beforeAll(async () => {
    t = await createTestApp(backend);
    const admin = await t.as('admin');
    const collega = await admin.post('/api/admin/user/', {
      username: 'collega.staff',
      email: 'collega@gas.example',
      is_staff: true,
      password: DEMO_PASSWORD,
    });
    expect(collega.statusCode).toBe(201);
    id.collega = collega.json().id;
    id.admin = await userId('admin');
    id.staff = await userId('staff');
    id.docente = await userId('docente');
  });
  afterAll(() => t.close());

  const protetti = [
    ['a superuser', 'admin'],
    ['another staff member', 'collega'],
  ] as const;

  describe.each(protetti)('staff on the account of %s', (_, chi) => {
    const refused = (res: { statusCode: number; json(): unknown }) => {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: ACCOUNT_PRIVILEGIATO });
    };

    it.each([
      ['e-mail', { email: 'presa@altrove.example' }],
      ['username', { username: 'rinominato' }],
      ['names', { first_name: 'Preso' }],
      ['active flag', { is_active: false }],
      ['password', { password: 'una-password-nuova' }],
    ])('cannot change the %s', async (_, body) => {
      const staff = await t.as('staff');
      const before = await account(id[chi]);
      refused(await staff.patch(`/api/admin/user/${id[chi]}/`, body));
      expect(await account(id[chi])).toEqual(before);
    });

    it('cannot change it in a bulk action, nor through it the other records selected', async () => {
      const staff = await t.as('staff');
      const before = [await account(id[chi]), await account(id.docente)];
      const res = await staff.post('/api/admin/user/azioni/', {
        azione: 'modifica',
        ids: [id.docente, id[chi]],
        valori: { is_active: false },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe(`Utente ${id[chi]}: ${ACCOUNT_PRIVILEGIATO}`);
      expect([await account(id[chi]), await account(id.docente)]).toEqual(before);
      const deleting = await staff.post('/api/admin/user/azioni/', {
        azione: 'elimina',
        ids: [id[chi]],
      });
      expect(deleting.statusCode).toBe(403);
      expect(await account(id[chi])).toEqual(before[0]);
    });

    it('cannot get its password link', async () => {
      const staff = await t.as('staff');
      const before = await links(id[chi]);
      refused(await staff.post(`/api/admin/user/${id[chi]}/invito-password/`, {}));
      expect(await links(id[chi])).toEqual(before);
    });

    it('cannot delete it', async () => {
      const staff = await t.as('staff');
      const res = await staff.delete(`/api/admin/user/${id[chi]}/`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: 'Solo un superutente può eliminare un account.' });
      expect(await account(id[chi])).toBeTruthy();
    });

    it('is told by the record what he may do: nothing', async () => {
      const staff = await t.as('staff');
      const record = (await staff.get(`/api/admin/user/${id[chi]}/`)).json();
      expect(record.permessi).toEqual({
        modifica: false,
        elimina: false,
        campi_bloccati: ['is_staff', 'is_superuser', 'password'],
        invito_password: false,
        motivo: ACCOUNT_PRIVILEGIATO,
      });
      // The lists carry no rights (one answer per record would not say more).
      const list = (await staff.get('/api/admin/user/?search=admin')).json();
      expect(list.results[0]).not.toHaveProperty('permessi');
    });
  });

  it('staff still manage ordinary accounts, and their own', async () => {
    const staff = await t.as('staff');
    const docente = await staff.patch(`/api/admin/user/${id.docente}/`, { first_name: 'Daniela' });
    expect(docente.statusCode).toBe(200);
    expect(docente.json().permessi).toEqual({
      modifica: true,
      elimina: false,
      campi_bloccati: ['is_staff', 'is_superuser', 'password'],
      invito_password: true,
    });
    const link = await staff.post(`/api/admin/user/${id.docente}/invito-password/`, {});
    expect(link.statusCode).toBe(200);
    const own = await staff.patch(`/api/admin/user/${id.staff}/`, { last_name: 'Staffetta' });
    expect(own.statusCode).toBe(200);
    expect(own.json().permessi.modifica).toBe(true);
    // Still no roles of his own making.
    const promote = await staff.patch(`/api/admin/user/${id.staff}/`, { is_superuser: true });
    expect(promote.statusCode).toBe(400);
    expect((await account(id.staff)).isSuperuser).toBe(false);
  });

  it('says what each may set on a new account', async () => {
    const staff = (await (await t.as('staff')).get('/api/admin/user/permessi/')).json();
    expect(staff).toEqual({
      modifica: true,
      elimina: false,
      campi_bloccati: ['is_staff', 'is_superuser', 'password'],
      invito_password: false,
    });
    const admin = (await (await t.as('admin')).get('/api/admin/user/permessi/')).json();
    expect(admin.campi_bloccati).toEqual([]);
    // A resource without rules of its own: everything the back office offers.
    const scuola = (await (await t.as('staff')).get('/api/admin/scuola/permessi/')).json();
    expect(scuola).toEqual({
      modifica: true,
      elimina: false,
      campi_bloccati: [],
      invito_password: false,
    });
    expect((await (await t.as('docente')).get('/api/admin/user/permessi/')).statusCode).toBe(403);
  });

  it('a superuser acts on every account, staff and superusers included', async () => {
    const admin = await t.as('admin');
    const record = (await admin.get(`/api/admin/user/${id.collega}/`)).json();
    expect(record.permessi).toEqual({
      modifica: true,
      elimina: true,
      campi_bloccati: [],
      invito_password: true,
    });
    const res = await admin.patch(`/api/admin/user/${id.collega}/`, {
      email: 'collega.nuova@gas.example',
      first_name: 'Carla',
    });
    expect(res.statusCode).toBe(200);
    const link = await admin.post(`/api/admin/user/${id.collega}/invito-password/`, {});
    expect(link.statusCode).toBe(200);
    const bulk = await admin.post('/api/admin/user/azioni/', {
      azione: 'modifica',
      ids: [id.collega],
      valori: { is_active: true },
    });
    expect(bulk.statusCode).toBe(200);
  });

  it('an import does not change a staff or superuser account, whoever runs it', async () => {
    // The superuser's account has a manager profile the olympiad site knows.
    await t.database.db
      .update(responsabile)
      .set({ idEsterno: 'R-ADMIN' })
      .where(eq(responsabile.userId, id.admin));
    const before = await account(id.admin);
    const documento = (email: string) => ({
      formato: 1,
      scuole: [],
      responsabili: [{ id_esterno: 'R-ADMIN', username: before.username, email }],
      squadre: [],
    });
    for (const who of ['staff', 'admin'] as const) {
      const client = await t.as(who);
      const res = await client.post('/api/admin/import/', documento('presa@altrove.example'));
      expect(res.statusCode).toBe(400);
      expect(res.json().errori).toEqual([
        expect.objectContaining({
          luogo: 'responsabili[0]',
          messaggio: `Il responsabile R-ADMIN è l’account «admin», di staff o di un superutente: un’importazione non ne cambia nome utente, e-mail o nome. Un superutente li allinea dall’amministrazione.`,
        }),
      ]);
      expect(await account(id.admin)).toEqual(before);
    }
    // The same data as the account: the profile is imported as anyone's.
    const same = await (await t.as('staff')).post('/api/admin/import/', documento(before.email));
    expect(same.statusCode).toBe(200);
    expect(await account(id.admin)).toEqual(before);
  });

  it('a main manager never manages a staff account that has a secondary profile', async () => {
    const principale = await t.as('principale');
    // A staff member with a secondary profile the main manager created.
    await t.database.db.insert(responsabile).values({
      userId: id.collega,
      ruolo: 'ss',
      attivo: true,
      creatoDa: await userId('principale'),
    });
    const res = await principale.patch(`/api/gas/user/${id.collega}/`, { scuole: [] });
    expect([403, 404]).toContain(res.statusCode);
    // His own secondary manager, created the same way, he does manage.
    const secondario = await userId('secondario');
    const own = await principale.get(`/api/gas/user/${secondario}/`);
    expect(own.statusCode).toBe(200);
  });
});
