import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { dataOf, issuesOf } from '../testing/schema-results';
import { loginSchema, signupSchema } from './auth-schemas';
import { createOrderInputSchema, customerInfoSchema } from './booking-schemas';
import { cardSchema } from './card-schema';
import { contactSchema } from './contact-schema';
import { reviewSchema } from './review-schema';
import { trackingInputSchema } from './tracking-schema';
import { VALIDATION_MESSAGES as M } from './validation-messages';

// The field builders (text, optionalText, email) as every form uses them: each schema module
// builds its own fields, so each is checked here.

describe('free-text hygiene: every text field of every schema', () => {
  const now = new Date('2026-03-01T22:30:00Z');
  const customer = {
    fullName: 'منى عادل',
    phoneNumber: '01012345678',
    pickupAddress: '12 Tahrir St, Dokki',
    dropoffAddress: '5 Nile Corniche, Maadi',
    notes: 'Fragile',
  };
  const order = {
    ...customer,
    governorateId: 'cairo',
    districtId: 'maadi',
    moveType: 'partial',
    housing: 'apartment',
    pickupFloor: 0,
    dropoffFloor: 0,
    workers: 2,
    moveDate: '2026-03-05',
    moveTime: '10:00',
    paymentMethod: 'cod',
    totalPrice: 1250,
  };
  const card = {
    cardNumber: '4242 4242 4242 4242',
    cardHolder: 'Mona',
    expiry: '12/30',
    cvv: '123',
  };

  interface TextField {
    schema: z.ZodType;
    valid: Record<string, unknown>;
    field: string;
    multiline: boolean;
    /** The message for a field a person sees as empty. */
    blank: string;
    /** The message for a field a person sees as too short, if it has a minimum above 1. */
    short?: string;
    /** Names and addresses need a letter. */
    letters: boolean;
  }
  const f = (
    name: string,
    schema: z.ZodType,
    valid: Record<string, unknown>,
    field: string,
    rest: Omit<TextField, 'schema' | 'valid' | 'field'>,
  ): [string, TextField] => [name, { schema, valid, field, ...rest }];
  const FIELDS: [string, TextField][] = [
    f('customer info: fullName', customerInfoSchema(), customer, 'fullName', {
      multiline: false,
      blank: M.customerInfoRequired,
      short: M.fullNameLength,
      letters: true,
    }),
    f('customer info: pickupAddress', customerInfoSchema(), customer, 'pickupAddress', {
      multiline: false,
      blank: M.customerInfoRequired,
      short: M.addressLength,
      letters: true,
    }),
    f('customer info: dropoffAddress', customerInfoSchema(), customer, 'dropoffAddress', {
      multiline: false,
      blank: M.customerInfoRequired,
      short: M.addressLength,
      letters: true,
    }),
    f('order: fullName', createOrderInputSchema(now), order, 'fullName', {
      multiline: false,
      blank: M.customerInfoRequired,
      short: M.fullNameLength,
      letters: true,
    }),
    f('order: pickupAddress', createOrderInputSchema(now), order, 'pickupAddress', {
      multiline: false,
      blank: M.customerInfoRequired,
      short: M.addressLength,
      letters: true,
    }),
    f(
      'contact: name',
      contactSchema,
      { name: 'Omar', email: 'o@mail.com', phone: '01012345678', message: 'Hi' },
      'name',
      {
        multiline: false,
        blank: M.nameRequired,
        letters: true,
      },
    ),
    f(
      'contact: message',
      contactSchema,
      { name: 'Omar', email: 'o@mail.com', phone: '01012345678', message: 'Hi' },
      'message',
      {
        multiline: true,
        blank: M.messageRequired,
        letters: false,
      },
    ),
    f('review: review', reviewSchema, { orderId: 'o1', review: 'Great', rating: 5 }, 'review', {
      multiline: true,
      blank: M.reviewTextLength,
      short: M.reviewTextLength,
      letters: false,
    }),
    f('card: cardHolder', cardSchema(now), card, 'cardHolder', {
      multiline: false,
      blank: M.cardIncomplete,
      short: M.cardHolderLength,
      letters: true,
    }),
  ];
  const NOTES: [string, z.ZodType, Record<string, unknown>][] = [
    ['customer info: notes', customerInfoSchema(), customer],
    ['order: notes', createOrderInputSchema(now), order],
  ];

  const parse = (t: TextField, value: unknown) =>
    t.schema.safeParse({ ...t.valid, [t.field]: value });
  const fieldIssues = (t: TextField, value: unknown) =>
    issuesOf(parse(t, value)).filter(([path]) => path === t.field);
  const parsedField = (t: TextField, value: unknown) =>
    (dataOf(parse(t, value)) as Record<string, unknown>)[t.field];

  // NUL and the rest of C0 but tab, LF and CR (which are turned into something else), DEL, C1.
  const CONTROLS: [string, string][] = [
    ['NUL', '\u0000'],
    ['SOH', '\u0001'],
    ['backspace', '\u0008'],
    ['vertical tab', '\u000B'],
    ['form feed', '\u000C'],
    ['ESC', '\u001B'],
    ['unit separator', '\u001F'],
    ['DEL', '\u007F'],
    ['C1 PAD', '\u0080'],
    ['NEL', '\u0085'],
    ['C1 CSI', '\u009B'],
    ['C1 APC', '\u009F'],
  ];

  describe.each(FIELDS)('%s', (_name, t) => {
    it.each(CONTROLS)('refuses %s with the control-characters message', (_label, c) => {
      expect(fieldIssues(t, `Mona${c} Adel`)).toEqual([[t.field, M.textControlChars]]);
      expect(fieldIssues(t, `${c}Mona Adel`)).toEqual([[t.field, M.textControlChars]]);
    });

    it('a lone NUL is not "blank": it is refused as a control character', () => {
      expect(fieldIssues(t, '\u0000')).toEqual([[t.field, M.textControlChars]]);
    });

    it('an unpaired surrogate is refused', () => {
      expect(fieldIssues(t, 'Mona Adel\uD83D')).toEqual([[t.field, M.textControlChars]]);
    });

    it('a pasted tab becomes a space', () => {
      expect(parsedField(t, 'Mona\tAdel\t')).toBe('Mona Adel');
    });

    if (t.multiline) {
      it('keeps line breaks, CRLF and CR as LF', () => {
        expect(parsedField(t, 'Line one\r\nLine two\rLine three\n')).toBe(
          'Line one\nLine two\nLine three',
        );
      });
    } else {
      it.each([
        ['LF', 'Mona\nAdel'],
        ['CRLF', 'Mona\r\nAdel'],
        ['CR', 'Mona\rAdel'],
        ['line separator', 'Mona\u2028Adel'],
      ])('refuses a line break (%s)', (_label, value) => {
        expect(fieldIssues(t, value)).toEqual([[t.field, M.textControlChars]]);
      });

      it('even at the end: a one-line input never sends one, only a script does', () => {
        expect(fieldIssues(t, 'Mona Adel\r\n')).toEqual([[t.field, M.textControlChars]]);
      });
    }

    it.each([
      ['zero-width spaces', '\u200B\u200B\u200B'],
      ['LRM and RLM', '\u200E\u200F\u200E'],
      ['joiners and a BOM', '\u200C\u200D\uFEFF'],
      ['bidi controls and spaces', '\u202E \u2067 \u202C'],
      ['Hangul fillers', '\u3164\u3164\u3164'],
    ])('only %s counts as blank', (_label, value) => {
      expect(fieldIssues(t, value)).toEqual([[t.field, t.blank]]);
    });

    if (t.short) {
      const short = t.short;
      it('counts what a person sees: "أ" and a zero-width space is too short', () => {
        expect(fieldIssues(t, 'أ\u200B')).toEqual([[t.field, short]]);
        expect(fieldIssues(t, '\u200Fأ\u200F')).toEqual([[t.field, short]]);
      });
    }

    if (t.letters) {
      it.each([
        ['digits', '12345'],
        ['Arabic-Indic digits', '١٢٣٤٥'],
        ['symbols', '!!!! ----'],
        ['digits behind invisible letters', '\u3164 12345'],
      ])('needs a visible letter, not only %s', (_label, value) => {
        expect(fieldIssues(t, value)).toEqual([[t.field, M.textLetters]]);
      });
    }

    it('drops bidi overrides, embeddings and isolates silently; keeps LRM and RLM', () => {
      expect(parsedField(t, '\u202Eمنى عادل\u202C')).toBe('منى عادل');
      expect(parsedField(t, 'منى \u2067Adel\u2069 عادل')).toBe('منى Adel عادل');
      expect(parsedField(t, 'Mona\u202B Adel')).toBe('Mona Adel');
      expect(parsedField(t, '\u200Fمنى عادل\u200E')).toBe('\u200Fمنى عادل\u200E');
    });

    it('accepts ordinary Arabic and English text as typed', () => {
      expect(parsedField(t, 'منى عادل - Mona Adel')).toBe('منى عادل - Mona Adel');
    });
  });

  describe.each(NOTES)('%s (multi-line, optional)', (_name, schema, valid) => {
    const notes = (value: unknown) =>
      issuesOf(schema.safeParse({ ...valid, notes: value })).filter(([path]) => path === 'notes');
    const parsedNotes = (value: unknown) =>
      (dataOf(schema.safeParse({ ...valid, notes: value })) as { notes?: string }).notes;

    it.each(CONTROLS)('refuses %s', (_label, c) => {
      expect(notes(`Fragile${c} glass`)).toEqual([['notes', M.textControlChars]]);
    });

    it('tab → space and CRLF/CR → LF, then accepted', () => {
      expect(parsedNotes('Fragile:\tglass table\r\n3rd floor\rno lift')).toBe(
        'Fragile: glass table\n3rd floor\nno lift',
      );
    });

    it('drops bidi controls', () => {
      expect(parsedNotes('\u202Eelbat ssalg\u202C')).toBe('elbat ssalg');
    });

    it('may still be empty, or only invisible characters', () => {
      expect(parsedNotes('')).toBe('');
      expect(notes('\u200B')).toEqual([]);
    });
  });

  it('the tracking number field refuses control characters too', () => {
    expect(issuesOf(trackingInputSchema().safeParse('AF-20250101-123\u0000'))).toEqual([
      ['', M.textControlChars],
    ]);
  });

  it('an email with a control character is invalid by its own pattern, not transformed', () => {
    const contact = { name: 'Omar', phone: '01012345678', message: 'Hi' };
    for (const email of ['omar\u0000@mail.com', 'om\tar@mail.com', 'omar@mail.com\u0085']) {
      expect(issuesOf(contactSchema.safeParse({ ...contact, email }))).toEqual([
        ['email', M.emailInvalid],
      ]);
      expect(issuesOf(loginSchema.safeParse({ email, password: 'x' }))).toEqual([
        ['email', M.emailInvalid],
      ]);
    }
  });

  it('passwords are never transformed: a tab or a bidi mark is part of the credential', () => {
    const password = '\tpass\u202Eword 123\t';
    const data = dataOf(
      signupSchema.safeParse({ email: 'a@b.co', password, confirmPassword: password }),
    );
    expect(data.password).toBe(password);
    expect(dataOf(loginSchema.safeParse({ email: 'a@b.co', password })).password).toBe(password);
  });
});
