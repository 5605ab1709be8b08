import { describe, expect, it } from 'vitest';
import { dataOf, issuesOf, repeat, type Issue } from '../testing/schema-results';
import { contactSchema } from './contact-schema';
import { VALIDATION_MESSAGES as M } from './validation-messages';
import ar from '../../locales/ar/validation.json';
import en from '../../locales/en/validation.json';

describe('contact form (spec 5, D7: a phone or an email, either is enough)', () => {
  const valid = {
    name: ' Omar ',
    email: 'OMAR@mail.com',
    phone: '+20 10 1234 5678',
    message: ' Hello ',
  };
  const neither: Issue[] = [
    ['phone', M.phoneOrEmailRequired],
    ['email', M.phoneOrEmailRequired],
  ];

  it('accepts both, trims and normalises', () => {
    expect(dataOf(contactSchema.safeParse(valid))).toEqual({
      name: 'Omar',
      email: 'omar@mail.com',
      phone: '01012345678',
      message: 'Hello',
    });
  });

  it('accepts only a phone, in Arabic-Indic digits with spaces and +20', () => {
    for (const email of [undefined, null, '', '   ']) {
      const data = dataOf(contactSchema.safeParse({ ...valid, email, phone: '+٢٠ ١١ ٢٣٤٥ ٦٧٨٩' }));
      expect(data.phone).toBe('01123456789');
      expect(data.email).toBeUndefined();
    }
    const { email: _email, ...noEmail } = valid;
    expect(dataOf(contactSchema.safeParse({ ...noEmail, phone: '٠١١ ٢٣٤٥ ٦٧٨٩' }))).toEqual({
      name: 'Omar',
      phone: '01123456789',
      message: 'Hello',
    });
  });

  it('accepts only an email', () => {
    const { phone: _phone, ...noPhone } = valid;
    expect(dataOf(contactSchema.safeParse(noPhone))).toEqual({
      name: 'Omar',
      email: 'omar@mail.com',
      message: 'Hello',
    });
    expect(dataOf(contactSchema.safeParse({ ...valid, phone: ' ' })).phone).toBeUndefined();
  });

  it('with neither, puts one translated message on both fields', () => {
    const { email: _email, phone: _phone, ...onlyText } = valid;
    for (const input of [
      onlyText,
      { ...valid, email: '', phone: '' },
      { ...valid, email: '  ', phone: '\t' },
      { ...valid, email: null, phone: null },
    ]) {
      expect(issuesOf(contactSchema.safeParse(input)), JSON.stringify(input)).toEqual(neither);
    }
    expect(M.phoneOrEmailRequired).toBe('validation:contact.phoneOrEmail');
    expect(en.contact.phoneOrEmail).toMatch(/mobile number or your email/);
    expect(ar.contact.phoneOrEmail).toMatch(/رقم الموبايل أو البريد الإلكتروني/);
  });

  it('a wrong one is refused even when the other is right', () => {
    expect(issuesOf(contactSchema.safeParse({ ...valid, phone: '02 2345 6789' }))).toEqual([
      ['phone', M.phoneInvalid],
    ]);
    expect(issuesOf(contactSchema.safeParse({ ...valid, email: 'omar.mail.com' }))).toEqual([
      ['email', M.emailInvalid],
    ]);
    // Alone, a wrong one says what is wrong with it, not that neither was given.
    expect(issuesOf(contactSchema.safeParse({ ...valid, email: '', phone: '12345' }))).toEqual([
      ['phone', M.phoneInvalid],
    ]);
    expect(issuesOf(contactSchema.safeParse({ ...valid, email: 'omar@', phone: '' }))).toEqual([
      ['email', M.emailInvalid],
    ]);
  });

  it.each<[string, Record<string, unknown>, Issue[]]>([
    [
      'all empty',
      { name: '', email: '', phone: '', message: '' },
      [['name', M.nameRequired], ['message', M.messageRequired], ...neither],
    ],
    ['all missing', {}, [['name', M.nameRequired], ['message', M.messageRequired], ...neither]],
    ['name 81', { ...valid, name: repeat(81) }, [['name', M.nameTooLong]]],
    ['email format', { ...valid, email: 'omar.mail.com' }, [['email', M.emailInvalid]]],
    ['landline', { ...valid, phone: '02 2345 6789' }, [['phone', M.phoneInvalid]]],
    [
      'not strings',
      { ...valid, email: 5, phone: ['01012345678'] },
      [
        ['phone', M.phoneRequired],
        ['email', M.emailRequired],
      ],
    ],
    ['message 2001', { ...valid, message: repeat(2001) }, [['message', M.messageTooLong]]],
  ])('rejects: %s', (_label, input, expected) => {
    expect(issuesOf(contactSchema.safeParse(input))).toEqual(expected);
  });

  it('accepts a message of exactly 2000 characters', () => {
    expect(contactSchema.safeParse({ ...valid, message: repeat(2000) }).success).toBe(true);
  });
});
