// 'Importa dal sito olimpiadi' with the server's answers (issue 26): every
// error of a document at once, each said as a person reads it next to the
// machine's path; the records no longer present by name.
import type { EsitoImport } from '@gas/contracts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderPage } from '../../testing';
import { ImportPage } from './ImportPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const zero = { scuole: 0, responsabili: 0, squadre: 0 };
const esito = (extra: Partial<EsitoImport>): EsitoImport => ({
  applicato: false,
  creati: zero,
  aggiornati: zero,
  invariati: zero,
  non_piu_presenti: { responsabili: [], squadre: [] },
  errori: [],
  ...extra,
});

function open(risposta: () => Response) {
  mockFetch({
    '/api/admin/import/': risposta,
    '/api/admin/import/sincronizzazioni/': {
      configurata: false,
      sorgente: null,
      ogni_minuti: 60,
      esecuzioni: [],
    },
  });
  renderPage(<ImportPage />, { path: '/admin/import/' });
  const file = new File(['{"formato":1}'], 'olimpiadi.json', { type: 'application/json' });
  // jsdom's File has no text().
  Object.defineProperty(file, 'text', { value: () => Promise.resolve('{"formato":1}') });
  fireEvent.change(screen.getByLabelText('Documento (JSON, al massimo 20 MB)'), {
    target: { files: [file] },
  });
}

describe('import page', () => {
  it('lists every error with the record as a person reads it and the machine path', async () => {
    open(() =>
      jsonResponse(
        esito({
          errori: [
            {
              luogo: 'scuole[0].tipologia',
              dove: 'Scuola 1 «Liceo di Roma» (codice RMPS99000K), campo tipologia',
              messaggio: 'Tipologia di scuola non valida.',
            },
            {
              luogo: 'squadre[2].sessione',
              dove: 'Squadra 3 «Liceo Fermi A» (id_esterno T-17), campo sessione',
              messaggio: 'L’evento 2 non ha una sessione «Nord».',
            },
          ],
        }),
        400,
      ),
    );
    const lista = await screen.findByTestId('errori-import');
    expect(screen.getByText('Il documento ha 2 errori: nulla è stato importato.')).toBeTruthy();
    const voci = within(lista)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(voci).toEqual([
      'Scuola 1 «Liceo di Roma» (codice RMPS99000K), campo tipologia scuole[0].tipologia: Tipologia di scuola non valida.',
      'Squadra 3 «Liceo Fermi A» (id_esterno T-17), campo sessione squadre[2].sessione: L’evento 2 non ha una sessione «Nord».',
    ]);
    expect(screen.queryByRole('button', { name: 'Applica l’importazione' })).toBeNull();
  });

  it('names the records no longer present, with their codes', async () => {
    open(() =>
      jsonResponse(
        esito({
          invariati: { scuole: 1, responsabili: 1, squadre: 1 },
          non_piu_presenti: { responsabili: ['u-9'], squadre: ['t-1'] },
          non_piu_presenti_nomi: {
            responsabili: [{ id_esterno: 'u-9', nome: 'Maria Rossi' }],
            squadre: [{ id_esterno: 't-1', nome: 'Fermi A' }],
          },
          dettagli: [],
        }),
      ),
    );
    expect(await screen.findByText('Responsabili: Maria Rossi (u-9)')).toBeTruthy();
    expect(screen.getByText('Squadre: Fermi A (t-1)')).toBeTruthy();
  });
});
