// The account rule of issue 26 as a table: who may manage whose account.
import { describe, expect, it } from 'vitest';
import {
  canDeleteAccount,
  canManageAccount,
  canSetAccountPassword,
  canSetAccountRoles,
  type AccountTarget,
} from './account';
import { ANONYMOUS } from './actor';
import type { Actor } from './types';

const actor = (userId: number, isStaff: boolean, isSuperuser: boolean): Actor => ({
  userId,
  isStaff,
  isSuperuser,
  responsabile: null,
});
const target = (userId: number, isStaff: boolean, isSuperuser: boolean): AccountTarget => ({
  userId,
  isStaff,
  isSuperuser,
});

const superuser = actor(1, true, true);
const staff = actor(2, true, false);
const docente = actor(3, false, false);

describe('canManageAccount', () => {
  it.each([
    ['superuser → superuser', superuser, target(9, false, true), true],
    ['superuser → staff', superuser, target(9, true, false), true],
    ['superuser → ordinary', superuser, target(9, false, false), true],
    ['staff → superuser', staff, target(9, false, true), false],
    ['staff → superuser and staff', staff, target(9, true, true), false],
    ['staff → another staff member', staff, target(9, true, false), false],
    ['staff → himself', staff, target(2, true, false), true],
    ['staff → ordinary', staff, target(9, false, false), true],
    ['teacher → ordinary', docente, target(9, false, false), false],
    ['teacher → himself', docente, target(3, false, false), false],
    ['anonymous → ordinary', ANONYMOUS, target(9, false, false), false],
    // A flag on an actor without a user grants nothing.
    [
      'superuser flag without a user',
      { ...ANONYMOUS, isSuperuser: true },
      target(9, false, false),
      false,
    ],
  ] as const)('%s: %s', (_, who, whom, expected) => {
    expect(canManageAccount(who, whom)).toBe(expected);
  });

  it('roles, passwords and deletion are a superuser’s only', () => {
    for (const rule of [canSetAccountRoles, canSetAccountPassword, canDeleteAccount]) {
      expect([superuser, staff, docente, ANONYMOUS].map(rule)).toEqual([true, false, false, false]);
    }
  });
});
