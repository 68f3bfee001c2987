// The back office builds its inputs from the contracts' request schemas:
// each field gets the right kind, required flag and read-only flag.
import { RISORSE_ADMIN } from '@gas/contracts';
import { describe, expect, it } from 'vitest';
import { campiDi, risorsaByNome } from './fields';

const campo = (risorsa: string, nome: string) =>
  campiDi(risorsaByNome.get(risorsa)!).find((c) => c.nome === nome)!;

describe('back-office fields from the contracts', () => {
  it('types each field from its schema and description', () => {
    expect(campo('scuola', 'nome')).toMatchObject({ obbligatorio: true, kind: { tipo: 'testo' } });
    expect(campo('scuola', 'tipologia').kind).toMatchObject({ tipo: 'scelta' });
    expect(campo('scuola', 'tipologia').kind).toHaveProperty(
      'valori',
      expect.arrayContaining(['LS', 'LC']),
    );
    expect(campo('scuola', 'citta')).toMatchObject({
      nullable: true,
      kind: { tipo: 'riferimento', risorsa: 'citta' },
    });
    expect(campo('evento', 'inizio').kind.tipo).toBe('dataora');
    // Read-only instants are typed from the record schema, and read as dates too.
    expect(campo('risposta', 'momento_consegna')).toMatchObject({
      solaLettura: true,
      kind: { tipo: 'dataora' },
    });
    expect(campo('evento', 'tipologia').kind).toMatchObject({
      tipo: 'scelta',
      etichette: { o: 'Ufficiale' },
    });
    expect(campo('evento', 'descrizione').kind).toMatchObject({ tipo: 'testo', lungo: true });
    expect(campo('evento', 'ufficiale').kind.tipo).toBe('booleano');
    expect(campo('polo', 'capacita_massima_squadre').kind).toMatchObject({
      tipo: 'numero',
      intero: true,
    });
    expect(campo('responsabile', 'scuole').kind).toEqual({
      tipo: 'riferimenti',
      risorsa: 'scuola',
    });
    expect(campo('user', 'password').kind.tipo).toBe('password');
    expect(campo('risposta', 'valore').solaLettura).toBe(true);
    expect(campo('user', 'date_joined').solaLettura).toBe(true);
  });

  it('knows every field of every resource', () => {
    for (const risorsa of RISORSE_ADMIN) {
      const nomi = campiDi(risorsa).map((c) => c.nome);
      expect(nomi).toEqual(expect.arrayContaining(Object.keys(risorsa.campi)));
      for (const c of campiDi(risorsa))
        expect(c.etichetta, `${risorsa.nome}.${c.nome}`).not.toBe('');
    }
  });
});
