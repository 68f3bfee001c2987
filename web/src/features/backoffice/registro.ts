// What the audit log's entries read as: each resource's name and fields,
// whether it is one of the back office's or one written elsewhere (double
// entry, site settings), from the one list of @gas/contracts.
import { RISORSE_SOLO_REGISTRO } from '@gas/contracts';
import { campiDi, risorsaByNome, type Campo } from './fields';

export type RisorsaDelRegistro = { singolare: string; campi: Campo[] };

const soloRegistro = new Map<string, RisorsaDelRegistro>(
  RISORSE_SOLO_REGISTRO.map((r) => [
    r.nome,
    {
      singolare: r.singolare,
      campi: Object.entries(r.campi).map(([nome, meta]) => ({
        nome,
        etichetta: meta.etichetta,
        kind: meta.riferimento
          ? { tipo: 'riferimento', risorsa: meta.riferimento }
          : meta.scelte
            ? { tipo: 'scelta', valori: Object.keys(meta.scelte), etichette: meta.scelte }
            : { tipo: 'testo', lungo: false },
        obbligatorio: false,
        nullable: true,
        solaLettura: true,
      })),
    },
  ]),
);

/** The resource an entry names (undefined for a name this version does not know). */
export function risorsaDelRegistro(nome: string): RisorsaDelRegistro | undefined {
  const admin = risorsaByNome.get(nome);
  if (admin) return { singolare: admin.singolare, campi: campiDi(admin) };
  return soloRegistro.get(nome);
}
