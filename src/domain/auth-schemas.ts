import { z } from 'zod';
import { email, firstProblem, object } from './schema-fields';
import { VALIDATION_MESSAGES as M } from './validation-messages';

// Accounts: the sign-up and login forms, and the password rules the server also holds its
// ADMIN_PASSWORD and every new password to.

export const PASSWORD_MIN = 8;
/** Long enough for any passphrase, short enough that hashing cannot be used to burn CPU. */
export const PASSWORD_MAX = 128;
export const PASSWORD_STRONG_SCORE = 2;

/** Letters and digits of any script count: an Arabic passphrase is as good as a Latin one. */
export function passwordStrength(pw: string): number {
  if (typeof pw !== 'string') return 0;
  let score = 0;
  if (pw.length >= PASSWORD_MIN) score += 1;
  if (/\p{L}/u.test(pw) && /\p{Nd}/u.test(pw)) score += 1;
  return score;
}

// Passwords are never trimmed or normalised: the characters typed are the credential.
const newPassword = z.string({ error: M.passwordRequired }).superRefine(
  firstProblem<string>([
    [(pw) => pw.length > 0, M.passwordRequired],
    [(pw) => pw.length >= PASSWORD_MIN, M.passwordMin],
    [(pw) => pw.length <= PASSWORD_MAX, M.passwordMax],
    [(pw) => passwordStrength(pw) >= PASSWORD_STRONG_SCORE, M.passwordWeak],
  ]),
);

export const signupSchema = object({
  email: email(),
  password: newPassword,
  confirmPassword: z
    .string({ error: M.confirmPasswordRequired })
    .min(1, { error: M.confirmPasswordRequired }),
}).refine((values) => values.password === values.confirmPassword, {
  error: M.passwordMismatch,
  path: ['confirmPassword'],
  // Report a mismatch even while the password itself is still too weak; an empty
  // confirmation already has its own message.
  when: (payload) => {
    if (typeof payload.value !== 'object' || payload.value === null) return false;
    const values = payload.value as { password?: unknown; confirmPassword?: unknown };
    return (
      typeof values.password === 'string' &&
      typeof values.confirmPassword === 'string' &&
      values.confirmPassword !== ''
    );
  },
});
export type SignupInput = z.output<typeof signupSchema>;

export const loginSchema = object({
  email: email(),
  password: z.string({ error: M.passwordRequired }).min(1, { error: M.passwordRequired }),
});
export type LoginInput = z.output<typeof loginSchema>;
