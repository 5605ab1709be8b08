import { describe, expect, it } from 'vitest';
import { dataOf, issuesOf, repeat, type Issue } from '../testing/schema-results';
import {
  loginSchema,
  PASSWORD_MAX,
  PASSWORD_MIN,
  passwordStrength,
  signupSchema,
} from './auth-schemas';
import { EMAIL_MAX } from './schema-fields';
import { VALIDATION_MESSAGES as M } from './validation-messages';

describe('passwords and accounts (spec 5)', () => {
  it('limits', () => {
    expect(PASSWORD_MIN).toBe(8);
    expect(PASSWORD_MAX).toBe(128);
    expect(EMAIL_MAX).toBe(254);
  });

  it.each<[string, number]>([
    ['', 0],
    ['abc', 0],
    ['abcdefgh', 1], // long, letters only
    ['12345678', 1], // long, digits only
    ['abc1', 1], // letters and digits, short
    ['abcdefg1', 2],
    ['كلمةسر١٢', 2], // Arabic letters and Arabic-Indic digits
    ['PASSWORD2025', 2],
    ['!!!!!!!!', 1],
  ])('passwordStrength(%j) = %d', (pw, score) => {
    expect(passwordStrength(pw)).toBe(score);
  });

  const valid = { email: 'Sara@Example.com ', password: 'secret123', confirmPassword: 'secret123' };

  it('accepts and normalises the email but never the password', () => {
    expect(
      dataOf(
        signupSchema.safeParse({
          ...valid,
          password: ' secret123 ',
          confirmPassword: ' secret123 ',
        }),
      ),
    ).toEqual({
      email: 'sara@example.com',
      password: ' secret123 ',
      confirmPassword: ' secret123 ',
    });
  });

  it.each<[string, Record<string, unknown>, Issue[]]>([
    ['email empty', { ...valid, email: '  ' }, [['email', M.emailRequired]]],
    [
      'email missing',
      { password: 'secret123', confirmPassword: 'secret123' },
      [['email', M.emailRequired]],
    ],
    ['email malformed', { ...valid, email: 'sara@' }, [['email', M.emailInvalid]]],
    ['email without domain dot', { ...valid, email: 'sara@example' }, [['email', M.emailInvalid]]],
    ['email too long', { ...valid, email: `${repeat(250)}@x.com` }, [['email', M.emailTooLong]]],
    [
      'password empty',
      { ...valid, password: '', confirmPassword: '' },
      [
        ['password', M.passwordRequired],
        ['confirmPassword', M.confirmPasswordRequired],
      ],
    ],
    [
      'password 7 chars',
      { ...valid, password: 'abc1234', confirmPassword: 'abc1234' },
      [['password', M.passwordMin]],
    ],
    [
      'letters only',
      { ...valid, password: 'abcdefgh', confirmPassword: 'abcdefgh' },
      [['password', M.passwordWeak]],
    ],
    [
      'digits only',
      { ...valid, password: '12345678', confirmPassword: '12345678' },
      [['password', M.passwordWeak]],
    ],
    [
      'too long',
      { ...valid, password: `a1${repeat(127)}`, confirmPassword: `a1${repeat(127)}` },
      [['password', M.passwordMax]],
    ],
    [
      'mismatch',
      { ...valid, confirmPassword: 'secret124' },
      [['confirmPassword', M.passwordMismatch]],
    ],
    [
      'mismatch by a space',
      { ...valid, confirmPassword: 'secret123 ' },
      [['confirmPassword', M.passwordMismatch]],
    ],
    [
      'mismatch while weak',
      { ...valid, password: 'abc', confirmPassword: 'abd' },
      [
        ['password', M.passwordMin],
        ['confirmPassword', M.passwordMismatch],
      ],
    ],
    [
      'confirmation empty',
      { ...valid, confirmPassword: '' },
      [['confirmPassword', M.confirmPasswordRequired]],
    ],
  ])('signup rejects: %s', (_label, input, expected) => {
    expect(issuesOf(signupSchema.safeParse(input))).toEqual(expected);
  });

  it.each<[string, Record<string, unknown>, Issue[]]>([
    ['ok', { email: ' Admin@Afsh.eg ', password: 'x' }, []],
    ['no password', { email: 'a@b.co', password: '' }, [['password', M.passwordRequired]]],
    [
      'missing both',
      {},
      [
        ['email', M.emailRequired],
        ['password', M.passwordRequired],
      ],
    ],
    ['bad email', { email: 'admin', password: 'x' }, [['email', M.emailInvalid]]],
  ])('login: %s', (_label, input, expected) => {
    expect(issuesOf(loginSchema.safeParse(input))).toEqual(expected);
  });

  it('login lowercases the email and keeps a short password (existing accounts)', () => {
    expect(dataOf(loginSchema.safeParse({ email: ' Admin@Afsh.eg ', password: 'x' }))).toEqual({
      email: 'admin@afsh.eg',
      password: 'x',
    });
  });
});
