import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import type { EventoPermessi } from '@gas/contracts';
import {
  act,
  cleanup,
  fireEvent,
  renderHook,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  evento,
  type Handler,
  jsonResponse,
  mockFetch,
  NESSUN_PERMESSO,
  page,
  renderPage,
  sentTo,
  squadra,
  user,
  sessioneOut,
} from '../../testing';
import { useTimedMessage } from '../../components/form/useTimedMessage';
import ConsegnaRispostePage, {
  DOPPIA_DIGITAZIONE_ATTIVA,
  NESSUNA_QUI_SECONDARIO,
  SENZA_SQUADRE_SECONDARIO,
} from './ConsegnaRispostePage';
import { DIGITAZIONE_DISCORDANTE, DIGITAZIONE_IN_ATTESA, esitoRisposta, quando } from './messages';
import { forgetOutboxes } from './uscita/useOutbox';

const STAFF: EventoPermessi = {
  ...NESSUN_PERMESSO,
  puo_consegnare: true,
  puo_inserire: true,
  puo_cancellare_risposte: true,
  puo_scegliere_momento_consegna: true,
};

const problemi = [
  {
    id: 102,
    nome: 'P2',
    ordine: 2,
    soluzione: 1,
    soluzione_exp: 0,
    intervallo_validita: 0.005,
    udm_soluzione: '',
  },
  {
    id: 101,
    nome: 'P1',
    ordine: 1,
    soluzione: 1,
    soluzione_exp: 0,
    intervallo_validita: 0.005,
    udm_soluzione: 'm',
  },
];

const risposta = {
  id: 55,
  problema: 101,
  problema_nome: 'P1',
  squadra: 1,
  squadra_nome: 'Alfa',
  sessione: 10,
  valore: '3,14',
  valore_exp: 2,
  kind: 'r',
  corretto: false,
  momento_consegna: '2026-04-15T08:10:05Z',
  date: '2026-04-15T08:10:05Z',
  date_received: '2026-04-15T08:10:05Z',
  inserita_da: 7,
  inserita_da_nome: 'Ines Inserti',
};

function setup(permessi: EventoPermessi, handlers: Record<string, Handler> = {}, squadre = 2) {
  const e = evento(1, -10 * 60_000, { problemi, permessi, tipologia: 'pub' });
  const teams = [
    squadra(1, 10, 'Alfa', 'Liceo A', 'Pisa'),
    squadra(2, 10, 'Beta', 'Liceo B', 'Roma'),
  ];
  const fetchMock = mockFetch({
    '/api/ext-user/whoami/': user('inseritore'),
    '/api/gas/sessione/10/': sessioneOut({
      id: 10,
      nome: 'Sessione 1',
      evento: 1,
      ufficiale: false,
      poli: [],
    }),
    '/api/gas/evento/1/': e,
    '/api/gas/squadra/in_sessione/': page(teams.slice(0, squadre)),
    '/api/gas/squadra/mie/': page(teams.slice(0, squadre).map((t) => ({ ...t, evento: 1 }))),
    '/api/gas/risposta/': (_url, init) =>
      init.method === 'POST'
        ? jsonResponse(
            { ...risposta, id: 56, corretto: true, momento_consegna: new Date().toISOString() },
            201,
          )
        : jsonResponse(
            page([
              risposta,
              {
                ...risposta,
                id: 54,
                squadra: 2,
                squadra_nome: 'Beta',
                valore: '9.81',
                valore_exp: 0,
              },
            ]),
          ),
    ...handlers,
  });
  const view = renderPage(<ConsegnaRispostePage scope="sessione" />, {
    path: '/sessione/10/consegna-risposte/',
    route: '/sessione/:pk/consegna-risposte',
  });
  return { ...view, fetchMock };
}

beforeEach(() => {
  // Each test a device of its own: an empty IndexedDB, outboxes opened afresh.
  globalThis.indexedDB = new IDBFactory();
  forgetOutboxes();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;

describe('answer submission page', () => {
  it.each([
    ['in_attesa', DIGITAZIONE_IN_ATTESA, 'In attesa della seconda digitazione'],
    ['discordante', DIGITAZIONE_DISCORDANTE, 'Digitazioni discordanti'],
  ] as const)(
    'double entry: a typing answered %s says so, on the form and in the device list',
    async (stato, avviso, etichetta) => {
      const typing = {
        id: 9,
        sessione: 10,
        squadra: 2,
        squadra_nome: 'Beta',
        problema: 101,
        problema_nome: 'P1',
        valore: '4',
        valore_exp: 0,
        momento_consegna: new Date().toISOString(),
        ricevuta: new Date().toISOString(),
        utente: 7,
        utente_nome: 'Ines Inserti',
        stato,
        abbinata_a: stato === 'discordante' ? 8 : null,
        risposta: null,
        risolta_da_nome: null,
        risolta_il: null,
        decisione: null,
        valore_registrato: null,
        valore_registrato_exp: null,
      };
      setup(STAFF, {
        '/api/gas/evento/1/': evento(1, -10 * 60_000, {
          problemi,
          permessi: STAFF,
          doppia_digitazione: true,
        }),
        '/api/gas/risposta/': (_url, init) =>
          init.method === 'POST' ? jsonResponse(typing, 202) : jsonResponse(page([])),
      });
      expect(await screen.findByText(DOPPIA_DIGITAZIONE_ATTIVA, { exact: false })).toBeTruthy();
      fireEvent.change(await screen.findByLabelText('Squadra'), { target: { value: '2' } });
      fireEvent.change(field('Problema'), { target: { value: '101' } });
      fireEvent.change(field('Valore'), { target: { value: '4' } });
      fireEvent.submit(field('Valore').form!);
      expect(await screen.findByText(avviso)).toBeTruthy();
      expect(within(await screen.findByTestId('coda-invii')).getByText(etichetta)).toBeTruthy();
      expect(screen.queryByText(/^(Corretto|Errato)!/)).toBeNull();
    },
  );

  it('sends team, problem, value as a string and exponent; then resets and refocuses', async () => {
    const { fetchMock } = setup(STAFF);
    const team = (await screen.findByLabelText('Squadra')) as HTMLSelectElement;
    // Problems in their order, with the unit.
    const problem = field('Problema') as unknown as HTMLSelectElement;
    expect([...problem.options].map((o) => o.text)).toEqual(['Scegli', 'P1 [m]', 'P2']);
    fireEvent.change(team, { target: { value: '2' } });
    fireEvent.change(problem, { target: { value: '101' } });
    fireEvent.change(field('Valore'), { target: { value: '1,5' } });
    fireEvent.change(field(/Esponente/), { target: { value: '3' } });
    fireEvent.submit(field('Valore').form!);
    expect(
      await screen.findByText(
        /^Corretto! Risposta correttamente consegnata oggi alle \d\d:\d\d:\d\d\.$/,
      ),
    ).toBeTruthy();
    // Staff with the automatic time send the moment 'Invia' was pressed (issue 17).
    const [inviata] = sentTo(fetchMock, '/api/gas/risposta/') as { momento_digitazione: string }[];
    expect(inviata).toEqual({
      squadra: 2,
      problema: 101,
      valore: '1,5',
      valore_exp: 3,
      momento_digitazione: expect.any(String),
    });
    expect(Math.abs(Date.parse(inviata!.momento_digitazione) - Date.now())).toBeLessThan(5000);
    // Two teams: the team is cleared too, and the cursor goes back to it.
    expect(team.value).toBe('');
    expect(problem.value).toBe('');
    expect(field('Valore').value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(team));
  });

  it('warns when this computer’s clock is off by more than 10 s (typed times are corrected)', async () => {
    setup(STAFF, {
      '/api/time/': () => {
        const epoch_ms = Date.now() + 20_000;
        return jsonResponse({ time: new Date(epoch_ms).toISOString(), epoch_ms });
      },
    });
    expect(
      await screen.findByText(/l'orologio del tuo computer è indietro di 20 secondi/),
    ).toBeTruthy();
  });

  it('keeps the only team and puts the cursor on the problem; Enter on a select sends', async () => {
    const { fetchMock } = setup({ ...NESSUN_PERMESSO, puo_consegnare: true }, {}, 1);
    const team = (await screen.findByLabelText('Squadra')) as HTMLSelectElement;
    expect(team.value).toBe('1');
    fireEvent.change(field('Problema'), { target: { value: '102' } });
    fireEvent.change(field('Valore'), { target: { value: '2e3' } });
    fireEvent.keyDown(field('Problema'), { key: 'Enter' });
    await screen.findByText(/Risposta correttamente consegnata/);
    expect(sentTo(fetchMock, '/api/gas/risposta/')[0]).toMatchObject({ squadra: 1, problema: 102 });
    expect(team.value).toBe('1');
    await waitFor(() => expect(document.activeElement).toBe(field('Problema')));
    // Managers choose no delivery time and delete nothing.
    expect(screen.queryByLabelText('Orario automatico')).toBeNull();
    expect(screen.queryByRole('button', { name: /Cancella la risposta/ })).toBeNull();
  });

  it('checks the value before sending, and shows server field errors on their fields', async () => {
    const { fetchMock } = setup(STAFF, {
      '/api/gas/risposta/': (_url, init) =>
        init.method === 'POST'
          ? jsonResponse(
              { problema: ['Il problema non appartiene all’evento della squadra.'] },
              400,
            )
          : jsonResponse(page([])),
    });
    fireEvent.change(await screen.findByLabelText('Squadra'), { target: { value: '1' } });
    fireEvent.change(field('Problema'), { target: { value: '101' } });
    fireEvent.change(field('Valore'), { target: { value: 'tre' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invia' }));
    expect(await screen.findByText(/Inserisci un numero valido/)).toBeTruthy();
    expect(sentTo(fetchMock, '/api/gas/risposta/')).toEqual([]);

    fireEvent.change(field('Valore'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invia' }));
    expect(
      await screen.findByText('Il problema non appartiene all’evento della squadra.'),
    ).toBeTruthy();
    await waitFor(() => expect(field('Problema').className).toContain('is-invalid'));
  });

  it("sets the joker: 'Jolly impostato correttamente.' (the value is not needed)", async () => {
    const { fetchMock } = setup(STAFF, {
      '/api/gas/jolly/': () =>
        jsonResponse(
          {
            id: 1,
            squadra: 1,
            problema: 102,
            risposta: 9,
            momento_consegna: new Date().toISOString(),
            date: new Date().toISOString(),
          },
          201,
        ),
    });
    fireEvent.change(await screen.findByLabelText('Squadra'), { target: { value: '1' } });
    fireEvent.change(field('Problema'), { target: { value: '102' } });
    fireEvent.click(screen.getByRole('button', { name: 'Imposta come jolly' }));
    expect(await screen.findByText('Jolly impostato correttamente.')).toBeTruthy();
    expect(sentTo(fetchMock, '/api/gas/jolly/')).toEqual([
      { squadra: 1, problema: 102, momento_digitazione: expect.any(String) },
    ]);
  });

  it('a new submission clears the notice of the previous one (an old joker error)', async () => {
    let release: (r: Response) => void = () => {};
    const { fetchMock } = setup(STAFF, {
      '/api/gas/jolly/': () =>
        jsonResponse({ detail: 'Il jolly di questa squadra è già stato scelto.' }, 400),
      '/api/gas/risposta/': (_url, init) =>
        init.method === 'POST'
          ? new Promise<Response>((resolve) => (release = resolve))
          : jsonResponse(page([risposta])),
    });
    fireEvent.change(await screen.findByLabelText('Squadra'), { target: { value: '1' } });
    fireEvent.change(field('Problema'), { target: { value: '102' } });
    fireEvent.click(screen.getByRole('button', { name: 'Imposta come jolly' }));
    const old = 'Il jolly di questa squadra è già stato scelto.';
    expect(await screen.findByText(old)).toBeTruthy();

    fireEvent.change(field('Valore'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invia' }));
    // While the answer is on its way, the joker's error is gone.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Invia' })).toHaveProperty('disabled', true),
    );
    expect(screen.queryByText(old)).toBeNull();
    // The answer is first kept on the device, then sent: answer once it is out.
    await waitFor(() => expect(sentTo(fetchMock, '/api/gas/risposta/')).toHaveLength(1));
    release(
      jsonResponse(
        { ...risposta, id: 56, corretto: true, momento_consegna: new Date().toISOString() },
        201,
      ),
    );
    expect(await screen.findByText(/^Corretto! Risposta correttamente consegnata/)).toBeTruthy();
    expect(screen.queryByText(old)).toBeNull();
  });

  it('lets the staff choose the delivery time, with seconds, when the automatic time is off', async () => {
    const { fetchMock } = setup(STAFF);
    await screen.findByLabelText('Squadra');
    expect(screen.queryByLabelText(/Momento di consegna/)).toBeNull();
    fireEvent.click(field('Orario automatico'));
    const momento = (await screen.findByLabelText(/Momento di consegna/)) as HTMLInputElement;
    const text = momento.type === 'text';
    // A datetime-local value drops ':00' at a whole minute (the HTML spec's
    // normalised form); step 1 is what keeps the seconds on screen.
    if (text) expect(momento.value).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d$/);
    else {
      expect(momento.value).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?$/);
      expect(momento.step).toBe('1');
    }
    fireEvent.change(momento, {
      target: { value: text ? '15/04/2026 10:11:12' : '2026-04-15T10:11:12' },
    });
    fireEvent.change(field('Squadra'), { target: { value: '1' } });
    fireEvent.change(field('Problema'), { target: { value: '101' } });
    fireEvent.change(field('Valore'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invia' }));
    await screen.findByText(/Risposta correttamente consegnata/);
    // 10:11:12 in Rome on 15 April (UTC+2).
    expect(sentTo(fetchMock, '/api/gas/risposta/')[0]).toMatchObject({
      momento_consegna: '2026-04-15T08:11:12.000Z',
    });
  });

  it("lists the answers; a failed deletion shows 'Errore di cancellazione'", async () => {
    const { fetchMock } = setup(STAFF, {
      '/api/gas/risposta/55/': () => jsonResponse({ detail: 'Non trovato.' }, 404),
    });
    const table = await screen.findByRole('table', { name: 'Risposte consegnate' });
    const row = within(table).getByText('Alfa').closest('tr')!;
    expect(within(row).getByText(/3,14/).textContent).toBe('3,14 × 102');
    // Typed with a dot, shown the Italian way like every other value.
    const dot = within(table).getByText('Beta').closest('tr')!;
    expect(within(dot).getByText(/9,81/).textContent).toBe('9,81');
    // The outcome: in its column, and under the value on a phone (CSS shows one).
    expect(within(row).getAllByText('Errata')).toHaveLength(2);
    fireEvent.click(within(row).getByRole('button', { name: 'Cancella la risposta 55' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Conferma' }));
    await waitFor(() =>
      expect(sentTo(fetchMock, '/api/gas/risposta/55/', 'DELETE')).toHaveLength(1),
    );
    expect(await screen.findByText('Errore di cancellazione')).toBeTruthy();
    expect(
      screen.getByText('La cancellazione della risposta 55 non è andata a buon fine.'),
    ).toBeTruthy();
    expect(sentTo(fetchMock, '/api/gas/risposta/55/', 'DELETE')).toHaveLength(1);
  });
});

describe('a team manager without teams here', () => {
  const secondario = (squadre: number[]) =>
    user('secondario', {
      responsabile: {
        id: 4,
        user: 1,
        attivo: true,
        puo_iscriversi_gare_ufficiali: false,
        newsletter: false,
        ruolo: 'ss',
        scuole: [],
        squadre,
      },
    });
  const MANAGER: EventoPermessi = { ...NESSUN_PERMESSO, puo_consegnare: true };

  it('with teams in another session: none here, and no warning to ask for some', async () => {
    setup(MANAGER, {
      '/api/ext-user/whoami/': secondario([7]),
      '/api/gas/squadra/mie/': page([]),
    });
    expect(await screen.findByText(NESSUNA_QUI_SECONDARIO(true))).toBeTruthy();
    expect(screen.queryByText(SENZA_SQUADRE_SECONDARIO)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('with no team at all: the warning to ask the main manager', async () => {
    setup(MANAGER, {
      '/api/ext-user/whoami/': secondario([]),
      '/api/gas/squadra/mie/': page([]),
    });
    expect(await screen.findByText(SENZA_SQUADRE_SECONDARIO)).toBeTruthy();
  });
});

describe('answer form texts', () => {
  it("'Corretto! / Errato! Risposta correttamente consegnata {time}.'", () => {
    const now = '2026-04-15T12:00:00Z';
    expect(esitoRisposta(true, '2026-04-15T08:10:05Z', now)).toBe(
      'Corretto! Risposta correttamente consegnata oggi alle 10:10:05.',
    );
    expect(esitoRisposta(false, '2026-04-14T08:10:05Z', now)).toBe(
      'Errato! Risposta correttamente consegnata il 14/04/2026 alle 10:10:05.',
    );
    expect(quando('2026-04-15T08:10:05Z', now)).toBe('oggi alle 10:10:05');
  });

  it('notices vanish after 15 s', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useTimedMessage(15_000));
    act(() => result.current.show({ variant: 'success', text: 'ok' }));
    act(() => vi.advanceTimersByTime(14_999));
    expect(result.current.message?.text).toBe('ok');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.message).toBeNull();
  });
});
