// Password hashing with scrypt (node:crypto), stored as
//   scrypt$N$r$p$salt$hash   (salt and hash in base64)
// The parameters travel with each hash, so they can be raised later without
// invalidating stored passwords (see needsRehash).
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// N = 2^15, r = 8, p = 1: 32 MiB and ~50-100 ms per hash on one core.
const N = 32_768;
const R = 8;
const P = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
// Accept stored parameters only within sane bounds (a corrupt row must not
// make one login allocate gigabytes).
const MAX_N = 1 << 20;
const MAX_RP = 64;

function derive(plain: string, salt: Buffer, keyLength: number, options: ScryptOptions) {
  return new Promise<Buffer>((resolve, reject) => {
    // maxmem must exceed 128 * N * r bytes, which the default (32 MiB) does not at N = 2^15.
    const maxmem = 128 * (options.N ?? N) * (options.r ?? R) * 2;
    scrypt(plain.normalize('NFKC'), salt, keyLength, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(plain: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(plain, salt, KEY_BYTES, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

type Parsed = { n: number; r: number; p: number; salt: Buffer; key: Buffer };

function parse(stored: string): Parsed | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [n, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const key = Buffer.from(parts[5] ?? '', 'base64');
  const valid =
    Number.isInteger(n) &&
    n > 1 &&
    n <= MAX_N &&
    (n & (n - 1)) === 0 &&
    [r, p].every((v) => Number.isInteger(v) && v >= 1 && v <= MAX_RP) &&
    salt.length > 0 &&
    key.length >= 16;
  return valid ? { n, r, p, salt, key } : null;
}

// Hashed when there is no stored hash (unknown user, unusable password) so that
// the answer takes as long as a real check and does not reveal which it was.
let dummy: Promise<string> | undefined;

/** True when `plain` matches `stored`; false for a missing or malformed hash. */
export async function verifyPassword(
  plain: string,
  stored: string | null | undefined,
): Promise<boolean> {
  const parsed = stored ? parse(stored) : null;
  if (!parsed) {
    dummy ??= hashPassword('gas-dummy-password');
    const fallback = parse(await dummy);
    if (fallback) await derive(plain, fallback.salt, fallback.key.length, { N, r: R, p: P });
    return false;
  }
  const key = await derive(plain, parsed.salt, parsed.key.length, {
    N: parsed.n,
    r: parsed.r,
    p: parsed.p,
  });
  return timingSafeEqual(key, parsed.key);
}

/** True when `stored` was made with other parameters than the current ones. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.n !== N || parsed.r !== R || parsed.p !== P;
}
