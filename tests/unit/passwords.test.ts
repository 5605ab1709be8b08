import { describe, expect, it } from 'vitest';
import {
  burnVerification,
  hashPassword,
  PASSWORD_COST,
  verifyPassword,
} from '../../server/src/auth/passwords.ts';

describe('password hashes', () => {
  it('are scrypt at N=2^14, r=8, p=1 unless a cost is given', async () => {
    expect(PASSWORD_COST).toEqual({ N: 16384, r: 8, p: 1 });
    const stored = await hashPassword('Secret-pass-1');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword('Secret-pass-1', stored)).toBe(true);
    expect(await verifyPassword('Secret-pass-2', stored)).toBe(false);
  });

  it('name their cost, so a hash made at another one verifies at its own', async () => {
    const stored = await hashPassword('Secret-pass-1', { N: 1024, r: 8, p: 1 });
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('Secret-pass-1', stored)).toBe(true);
    expect(await verifyPassword('secret-pass-1', stored)).toBe(false);
  });

  it('an unknown account is refused after a verification of the same cost', async () => {
    expect(await burnVerification('Secret-pass-1')).toBe(false);
    expect(await burnVerification('Secret-pass-1', { N: 1024, r: 8, p: 1 })).toBe(false);
  });
});
