// How each field of a resource is shown and typed, from its request schema
// (JSON Schema of the contracts' zod schema): one description drives the
// list cells, the filters and the form inputs of every resource.
import { RISORSE_ADMIN, type CampoAdmin, type RisorsaAdmin } from '@gas/contracts';
import { z } from 'zod';

export type FieldKind =
  | { tipo: 'testo'; lungo: boolean; max?: number }
  | { tipo: 'numero'; intero: boolean; min?: number; max?: number }
  | { tipo: 'booleano' }
  | { tipo: 'scelta'; valori: string[]; etichette?: Record<string, string> }
  | { tipo: 'dataora' }
  | { tipo: 'riferimento'; risorsa: string }
  | { tipo: 'riferimenti'; risorsa: string }
  | { tipo: 'password' };

export type Campo = {
  nome: string;
  etichetta: string;
  kind: FieldKind;
  obbligatorio: boolean;
  nullable: boolean;
  solaLettura: boolean;
  /** What the field means, under it. */
  aiuto?: string;
};

type JsonSchema = {
  type?: string | string[];
  anyOf?: JsonSchema[];
  enum?: unknown[];
  format?: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

/** Each resource by its name, looked up by any text (an address, a field's reference). */
export const risorsaByNome = new Map<string, RisorsaAdmin>(RISORSE_ADMIN.map((r) => [r.nome, r]));

function flatten(s: JsonSchema): { s: JsonSchema; nullable: boolean } {
  const options = s.anyOf ?? [];
  const nullable = options.some((o) => o.type === 'null') || [s.type].flat().includes('null');
  const main = options.find((o) => o.type !== 'null') ?? s;
  return { s: main, nullable };
}

function kindOf(nome: string, s: JsonSchema, meta?: CampoAdmin): FieldKind {
  const riferimento = meta?.riferimento;
  if (nome === 'password') return { tipo: 'password' };
  if (s.type === 'array') return { tipo: 'riferimenti', risorsa: riferimento ?? '' };
  if (riferimento) return { tipo: 'riferimento', risorsa: riferimento };
  if (s.enum) return { tipo: 'scelta', valori: s.enum.map(String), etichette: meta?.scelte };
  if (s.type === 'boolean') return { tipo: 'booleano' };
  if (s.type === 'integer' || s.type === 'number') {
    return { tipo: 'numero', intero: s.type === 'integer', min: s.minimum, max: s.maximum };
  }
  if (s.format === 'date-time') return { tipo: 'dataora' };
  return { tipo: 'testo', lungo: (s.maxLength ?? 0) > 600, max: s.maxLength };
}

const cache = new Map<string, Campo[]>();

/** The fields of a resource: those of its description, typed by its request (or record) schema. */
export function campiDi(risorsa: RisorsaAdmin): Campo[] {
  const hit = cache.get(risorsa.nome);
  if (hit) return hit;
  const request = z.toJSONSchema(risorsa.request, {
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  const item = z.toJSONSchema(risorsa.item, { unrepresentable: 'any' }) as JsonSchema;
  const required = new Set(request.required ?? []);
  const nomi = [
    ...Object.keys(risorsa.campi),
    ...Object.keys(request.properties ?? {}).filter((n) => !(n in risorsa.campi)),
  ];
  const campi = nomi.map((nome) => {
    const meta = risorsa.campi[nome];
    const inRequest = request.properties?.[nome];
    const { s, nullable } = flatten(inRequest ?? item.properties?.[nome] ?? {});
    return {
      nome,
      etichetta: meta?.etichetta ?? (nome === 'password' ? 'Nuova password' : nome),
      kind: kindOf(nome, s, meta),
      obbligatorio: required.has(nome),
      nullable,
      solaLettura: meta?.solaLettura === true || inRequest === undefined,
      aiuto: meta?.aiuto,
    };
  });
  cache.set(risorsa.nome, campi);
  return campi;
}
