import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './password';

describe('password', () => {
  it('hashes in the scrypt$N$r$p$salt$hash format with a random salt', async () => {
    const a = await hashPassword('gas-demo');
    const b = await hashPassword('gas-demo');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(needsRehash(a)).toBe(false);
  });

  it('verifies the right password and rejects wrong ones', async () => {
    const stored = await hashPassword('gas-demo');
    expect(await verifyPassword('gas-demo', stored)).toBe(true);
    expect(await verifyPassword('gas-demo ', stored)).toBe(false);
    expect(await verifyPassword('GAS-DEMO', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('handles non-ASCII passwords', async () => {
    const stored = await hashPassword('pàssword-€-ünïcode');
    expect(await verifyPassword('pàssword-€-ünïcode', stored)).toBe(true);
    expect(await verifyPassword('password-€-unicode', stored)).toBe(false);
  });

  it('returns false for missing, unusable or malformed hashes', async () => {
    for (const stored of [
      null,
      undefined,
      '',
      '!',
      'pbkdf2_sha256$1$a$b',
      'scrypt$3$8$1$YQ==$YQ==',
    ]) {
      expect(await verifyPassword('gas-demo', stored)).toBe(false);
    }
    expect(needsRehash('!')).toBe(true);
  });

  it('verifies hashes made with other parameters', async () => {
    const stored = await hashPassword('x');
    const [, , , , salt] = stored.split('$');
    const { scryptSync } = await import('node:crypto');
    const key = scryptSync('x', Buffer.from(salt!, 'base64'), 32, { N: 1024, r: 8, p: 1 });
    const legacy = `scrypt$1024$8$1$${salt}$${key.toString('base64')}`;
    expect(await verifyPassword('x', legacy)).toBe(true);
    expect(needsRehash(legacy)).toBe(true);
  });
});
