import { describe, expect, it } from 'vitest';
import { dataOf, issuesOf, repeat, type Issue } from '../testing/schema-results';
import { contactSchema } from './contact-schema';
import { VALIDATION_MESSAGES as M } from './validation-messages';

describe('contact form (spec 5)', () => {
  const valid = {
    name: ' Omar ',
    email: 'OMAR@mail.com',
    phone: '+20 10 1234 5678',
    message: ' Hello ',
  };

  it('accepts, trims and normalises', () => {
    expect(dataOf(contactSchema.safeParse(valid))).toEqual({
      name: 'Omar',
      email: 'omar@mail.com',
      phone: '01012345678',
      message: 'Hello',
    });
  });

  it('accepts a phone in Arabic-Indic digits', () => {
    expect(dataOf(contactSchema.safeParse({ ...valid, phone: '٠١١ ٢٣٤٥ ٦٧٨٩' })).phone).toBe(
      '01123456789',
    );
  });

  it.each<[string, Record<string, unknown>, Issue[]]>([
    [
      'all empty',
      { name: '', email: '', phone: '', message: '' },
      [
        ['name', M.nameRequired],
        ['email', M.emailRequired],
        ['phone', M.phoneRequired],
        ['message', M.messageRequired],
      ],
    ],
    [
      'all missing',
      {},
      [
        ['name', M.nameRequired],
        ['email', M.emailRequired],
        ['phone', M.phoneRequired],
        ['message', M.messageRequired],
      ],
    ],
    ['name 81', { ...valid, name: repeat(81) }, [['name', M.nameTooLong]]],
    ['email format', { ...valid, email: 'omar.mail.com' }, [['email', M.emailInvalid]]],
    ['landline', { ...valid, phone: '02 2345 6789' }, [['phone', M.phoneInvalid]]],
    ['message 2001', { ...valid, message: repeat(2001) }, [['message', M.messageTooLong]]],
  ])('rejects: %s', (_label, input, expected) => {
    expect(issuesOf(contactSchema.safeParse(input))).toEqual(expected);
  });

  it('accepts a message of exactly 2000 characters', () => {
    expect(contactSchema.safeParse({ ...valid, message: repeat(2000) }).success).toBe(true);
  });
});
