import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import type { ScryptOptions } from 'node:crypto';
import { passwordStrength, PASSWORD_STRONG_SCORE } from '../../../src/domain/auth-schemas.ts';

/** scrypt's cost parameters; a stored hash names the ones it was made with. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/**
 * The cost of every password hashed by the server. scrypt from node:crypto: memory-hard, no
 * native add-on to build. N=2^14, r=8 costs ~16 MiB and a few tens of milliseconds per hash, the
 * interactive-login setting its authors recommend. Only tests that sign in hundreds of times
 * choose a lower one (BuildOptions.passwordCost).
 */
export const PASSWORD_COST: Readonly<ScryptCost> = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
const PREFIX = 'scrypt';

function derive(password: string, salt: Buffer, params: ScryptOptions, keyLength: number) {
  return new Promise<Buffer>((resolve, reject) => {
    // Passwords are never normalised (see src/domain/auth-schemas.ts): the characters typed are
    // the credential. maxmem leaves room above 128*N*r so a later, costlier N still verifies.
    scrypt(password, salt, keyLength, { ...params, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64. */
export async function hashPassword(
  password: string,
  cost: Readonly<ScryptCost> = PASSWORD_COST,
): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, cost, KEY_LENGTH);
  return [PREFIX, cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join(
    '$',
  );
}

interface ParsedHash {
  params: { N: number; r: number; p: number };
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== PREFIX) return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (!N || !r || !p || ![N, r, p].every(Number.isSafeInteger)) return null;
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const key = Buffer.from(parts[5] ?? '', 'base64');
  if (salt.length === 0 || key.length === 0) return null;
  return { params: { N, r, p }, salt, key };
}

/** Constant-time comparison; a malformed stored hash never matches (and never throws). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  try {
    const key = await derive(password, parsed.salt, parsed.params, parsed.key.length);
    return timingSafeEqual(key, parsed.key);
  } catch {
    return false;
  }
}

const dummyHashes = new Map<string, Promise<string>>();

/**
 * Costs what a real verification costs, for a sign-in with an unknown email: answering those
 * faster would tell an attacker which emails have accounts. `cost` is the one the server hashes
 * with, so the accounts' own hashes cost the same.
 */
export async function burnVerification(
  password: string,
  cost: Readonly<ScryptCost> = PASSWORD_COST,
): Promise<false> {
  const key = `${cost.N}$${cost.r}$${cost.p}`;
  let dummy = dummyHashes.get(key);
  if (!dummy) {
    dummy = hashPassword(randomBytes(16).toString('hex'), cost);
    dummyHashes.set(key, dummy);
  }
  await verifyPassword(password, await dummy);
  return false;
}

const LETTERS = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const ALPHABET = LETTERS + DIGITS;

/**
 * A random password for a generated admin account: 20 characters without look-alikes (0/O, 1/l/I)
 * so it can be copied by hand, ~117 bits, and always passing the signup strength rule.
 */
export function generatePassword(length = 20): string {
  for (;;) {
    let password = '';
    for (let i = 0; i < length; i += 1) password += ALPHABET[randomInt(ALPHABET.length)];
    if (passwordStrength(password) >= PASSWORD_STRONG_SCORE) return password;
  }
}
