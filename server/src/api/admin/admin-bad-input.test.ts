// Bad input on every writeable field of every resource of /api/admin/
// (issue 14, item 9): a value of the wrong type, and a 100 kB string where
// text is expected, each on create and on edit. Every one is a 400 whose
// message sits on the field, reads as Italian written for people (no
// schema wording), and changes nothing: no record, no edit, no log entry.
import { RISORSE_ADMIN, type RisorsaAdmin } from '@gas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registro } from '../../db/schema';
import { testBackends } from '../../db/testing';
import { createTestApp, type TestApp } from '../testing';

type JsonSchema = {
  type?: string | string[];
  anyOf?: JsonSchema[];
  format?: string;
  maxLength?: number;
  properties?: Record<string, JsonSchema>;
};

/** The non-null type of a property. */
function typeOf(s: JsonSchema): string | undefined {
  const main = (s.anyOf ?? [s]).find((o) => o.type !== 'null') ?? s;
  return [main.type].flat().find((t) => t !== 'null');
}

/** Values a field of this type must refuse, with what each one is. */
function badValues(s: JsonSchema): [string, unknown][] {
  switch (typeOf(s)) {
    case 'string':
      return [
        ['a number', 12345],
        ['a 100 kB string', 'x'.repeat(100_000)],
        ['an object', { a: 1 }],
      ];
    case 'integer':
      return [
        ['a word', 'abc'],
        ['a fraction', 1.5],
        ['a number beyond a database integer', 1e300],
      ];
    case 'number':
      return [
        ['a word', 'abc'],
        ['infinity as text', 'Infinity'],
      ];
    case 'boolean':
      return [['a word', 'forse']];
    case 'array':
      return [
        ['a word', 'x'],
        ['a list of words', ['a', 'b']],
      ];
    default:
      return [];
  }
}

/** Wording of a schema library, not of a person. */
const SCHEMA_WORDING = /\b(string|number|integer|boolean|expected|received|invalid|undefined)\b/i;

const writeable = RISORSE_ADMIN.filter((r) => r.crea !== false || r.modifica !== false);

const cases = writeable.flatMap((risorsa: RisorsaAdmin) => {
  const schema = z.toJSONSchema(risorsa.request, {
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  return Object.entries(schema.properties ?? {}).flatMap(([campo, s]) =>
    badValues(s).map(([what, value]) => ({ risorsa, campo, what, value })),
  );
});

describe.each(testBackends())('admin API bad input on %s', (backend) => {
  let t: TestApp;
  let logBefore = 0;
  beforeAll(async () => {
    t = await createTestApp(backend);
    await t.as('admin'); // the login is in the log; what follows must add nothing
    logBefore = await logCount();
  });
  afterAll(() => t.close());

  async function logCount() {
    return (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(registro))[0]!.n;
  }

  it('covers every writeable resource', () => {
    expect(new Set(cases.map((c) => c.risorsa.nome))).toEqual(
      new Set(writeable.map((r) => r.nome)),
    );
  });

  it.each(cases.map((c) => ({ ...c, nome: c.risorsa.nome })))(
    '$nome, $campo: $what is refused on create and edit, nothing changes',
    async ({ risorsa, campo, value }) => {
      const admin = await t.as('admin');
      const base = `/api/admin/${risorsa.nome}/`;
      const check = (res: { statusCode: number; json(): Record<string, unknown> }) => {
        expect(res.statusCode).toBe(400);
        const messages = res.json()[campo] as string[] | undefined;
        expect(messages, JSON.stringify(res.json()).slice(0, 300)).toBeDefined();
        for (const m of messages!) {
          expect(m).not.toMatch(SCHEMA_WORDING);
          expect(m.length).toBeLessThan(300);
        }
      };
      const count = async () => (await admin.get(`${base}?page_size=1`)).json().count as number;
      const before = await count();
      if (risorsa.crea !== false) check(await admin.post(base, { [campo]: value }));
      expect(await count()).toBe(before);

      if (risorsa.modifica !== false) {
        const first = (await admin.get(`${base}?page_size=1`)).json().results[0];
        if (first) {
          check(await admin.patch(`${base}${first.id}/`, { [campo]: value }));
          // The record's own answer adds what the actor may do with it (permessi), which lists leave out.
          const { permessi: _permessi, ...record } = (
            await admin.get(`${base}${first.id}/`)
          ).json();
          expect(record).toEqual(first);
        }
      }
    },
  );

  it('left no entry in the audit log', async () => {
    expect(await logCount()).toBe(logBefore);
  });
});
