// An account's page in the back office offers only what the signed-in user
// may do with it, as the record's answer says (`permessi`, issue 26): staff
// opening a superuser's account see its data, read-only, and no password,
// e-mail, link or deletion controls; on an ordinary account they edit the data
// but not the roles or the password.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, page, renderPage, user } from '../../testing';
import { RecordPage } from './RecordPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const MOTIVO =
  'Solo un superutente può modificare l’account di un superutente o di un altro membro dello staff.';

const account = (extra: Record<string, unknown>) => ({
  id: 1,
  username: 'admin',
  first_name: 'Ada',
  last_name: 'Amministratrice',
  email: 'admin@gas.example',
  is_active: true,
  is_staff: true,
  is_superuser: true,
  date_joined: '2026-01-10T09:00:00Z',
  last_login: null,
  ...extra,
});

function open(record: Record<string, unknown>, path = '/admin/user/1/') {
  mockFetch({
    '/api/ext-user/whoami/': user('staff', { is_staff: true }),
    '/api/admin/user/1/': record,
    '/api/admin/user/permessi/': record.permessi as object,
    '/api/admin/log/': page([]),
    '/api/admin/responsabile/': page([]),
  });
  renderPage(<RecordPage />, {
    path,
    route: path.endsWith('nuovo/') ? '/admin/:nome/nuovo/' : '/admin/:nome/:id/',
  });
}

describe('an account’s page in the back office', () => {
  it('shows staff a superuser’s account read-only, without password, link or delete', async () => {
    open(
      account({
        permessi: {
          modifica: false,
          elimina: false,
          campi_bloccati: ['is_staff', 'is_superuser', 'password'],
          invito_password: false,
          motivo: MOTIVO,
        },
      }),
    );
    expect(await screen.findByText(MOTIVO)).toBeTruthy();
    expect(screen.getByText('admin@gas.example')).toBeTruthy();
    expect(screen.queryByLabelText('E-mail')).toBeNull();
    expect(screen.queryByLabelText('Nome utente')).toBeNull();
    expect(screen.queryByLabelText('Nuova password')).toBeNull();
    expect(screen.queryByText('Nuova password')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Attivo' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Salva' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Elimina' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invia il link per la password' })).toBeNull();
  });

  it('lets staff edit an ordinary account’s data and send its link, not roles or password', async () => {
    open(
      account({
        username: 'docente',
        is_staff: false,
        is_superuser: false,
        permessi: {
          modifica: true,
          elimina: false,
          campi_bloccati: ['is_staff', 'is_superuser', 'password'],
          invito_password: true,
        },
      }),
    );
    expect(await screen.findByLabelText('E-mail')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Attivo' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Staff' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Superutente' })).toBeNull();
    expect(screen.getByText('Staff')).toBeTruthy();
    expect(screen.queryByLabelText('Nuova password')).toBeNull();
    expect(screen.getByRole('button', { name: 'Salva' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Elimina' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Invia il link per la password' })).toBeTruthy();
  });

  it('offers staff a new account without roles or password', async () => {
    open(
      {
        permessi: {
          modifica: true,
          elimina: false,
          campi_bloccati: ['is_staff', 'is_superuser', 'password'],
          invito_password: false,
        },
      },
      '/admin/user/nuovo/',
    );
    expect(await screen.findByLabelText(/Nome utente/)).toBeTruthy();
    expect(screen.getByLabelText('E-mail')).toBeTruthy();
    expect(screen.queryByText('Staff')).toBeNull();
    expect(screen.queryByText('Superutente')).toBeNull();
    expect(screen.queryByLabelText('Nuova password')).toBeNull();
    expect(screen.getByRole('button', { name: 'Crea' })).toBeTruthy();
  });

  it('offers a superuser everything when the record allows it', async () => {
    open(
      account({
        permessi: { modifica: true, elimina: true, campi_bloccati: [], invito_password: true },
      }),
    );
    expect(await screen.findByLabelText('Nuova password')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Superutente' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Elimina' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Invia il link per la password' })).toBeTruthy();
  });
});
