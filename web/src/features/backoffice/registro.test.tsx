// The audit log reads by name (issue 26, item 11): every resource the log
// can name is in its filter, an entry's object and the records its changes
// point to show by the titles the server resolved, not as '#269', and a
// double-entry decision says what was accepted and the value stored.
import { RISORSE_REGISTRO, type RegistroVoce } from '@gas/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, page, renderPage } from '../../testing';
import { campiDi, risorsaByNome } from './fields';
import { testoCorrezione } from '../../lib/correzione';
import { LogPage } from './LogPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function voce(id: number, extra: Partial<RegistroVoce>): RegistroVoce {
  return {
    id,
    momento: '2026-11-20T10:00:00Z',
    utente: 3,
    utente_nome: 'anna',
    indirizzo: '127.0.0.1',
    origine: 'admin',
    azione: 'modifica',
    risorsa: 'squadra',
    oggetto: 10,
    oggetto_nome: 'Positroni',
    modifiche: {},
    nota: '',
    oggetto_titolo: null,
    titoli: {},
    ...extra,
  };
}

describe('LogPage', () => {
  it('offers every resource of the log, double entry included', async () => {
    mockFetch({ '/api/admin/log/': page([]) });
    renderPage(<LogPage />, { path: '/admin/log/' });
    const select = screen.getByLabelText('Risorsa');
    const offerte = within(select)
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value)
      .filter(Boolean);
    expect(offerte).toEqual(RISORSE_REGISTRO.map((r) => r.nome));
    expect(within(select).getByRole('option', { name: /Digitazioni/ })).toBeTruthy();
    expect(await screen.findByText('Nessuna voce.')).toBeTruthy();
  });

  it('names objects and references by title, and decisions by what was stored', async () => {
    mockFetch({
      '/api/admin/log/': page([
        voce(1, {
          oggetto_titolo: 'Gara nazionale 2027 — Positroni',
          modifiche: { sessione: [269, 270] },
          titoli: {
            sessione: {
              '269': 'Gara nazionale 2027 — Sessione Nord',
              '270': 'Gara nazionale 2027 — Sessione Centro-Sud',
            },
          },
        }),
        voce(2, {
          risorsa: 'digitazione',
          oggetto: 41,
          oggetto_nome: '41',
          oggetto_titolo: 'Positroni — P4: 41, digitata da Ines',
          nota: 'Accettata l’altra lettura: registrato 47',
          modifiche: {
            stato: ['discordante', 'risolta'],
            decisione: [null, 'altra_accettata'],
            lettura_accettata: [null, 42],
            valore_registrato: [null, '47'],
          },
          titoli: { lettura_accettata: { '42': 'Positroni — P4: 47, digitata da Aldo' } },
        }),
      ]),
    });
    renderPage(<LogPage />, { path: '/admin/log/' });
    const registro = await screen.findByTestId('registro');
    const [squadra, digitazione] = [...registro.children];
    expect(squadra!.textContent).toContain('Squadra «Gara nazionale 2027 — Positroni»');
    expect(squadra!.textContent).toContain(
      'Sessione: Gara nazionale 2027 — Sessione Nord → Gara nazionale 2027 — Sessione Centro-Sud',
    );
    expect(registro.textContent).not.toMatch(/#\d/);
    const testo = digitazione!.textContent!;
    expect(testo).toContain('Digitazione «Positroni — P4: 41, digitata da Ines»');
    expect(testo).toContain('Accettata l’altra lettura: registrato 47');
    expect(testo).toContain('Stato: Digitazioni discordanti → Decisa dagli amministratori');
    expect(testo).toContain('Decisione: — → Accettata l’altra lettura');
    expect(testo).toContain('Lettura accettata: — → Positroni — P4: 47, digitata da Aldo');
    expect(testo).toContain('Valore registrato: — → 47');
    expect(screen.getByText(/· 2 voci/)).toBeTruthy();
  });

  it('says one entry in the singular', async () => {
    mockFetch({ '/api/admin/log/': page([voce(1, {})]) });
    renderPage(<LogPage />, { path: '/admin/log/' });
    expect(await screen.findByText(/· 1 voce$/)).toBeTruthy();
  });
});

describe('the back office explains what could mislead', () => {
  it('an event’s school year and official flag carry their meaning', () => {
    const campi = campiDi(risorsaByNome.get('evento')!);
    const anno = campi.find((c) => c.nome === 'anno')!;
    expect(anno.etichetta).toBe('Anno scolastico (fine)');
    expect(anno.aiuto).toContain('2027 per il 2026-2027');
    const ufficiale = campi.find((c) => c.nome === 'ufficiale')!;
    expect(ufficiale.solaLettura).toBe(true);
    expect(ufficiale.aiuto).toContain('Segue la tipologia');
  });

  it('a corrected solution’s preview agrees with each count', () => {
    expect(testoCorrezione({ risposte: 1, diventano_corrette: 0, diventano_errate: 1 })).toBe(
      'Con la nuova soluzione 0 risposte diventano corrette e 1 diventa errata (su 1 risposta data); le classifiche e le pagine aperte si aggiornano.',
    );
    expect(testoCorrezione({ risposte: 5, diventano_corrette: 1, diventano_errate: 2 })).toContain(
      '1 risposta diventa corretta e 2 diventano errate (su 5 risposte date)',
    );
  });
});
