import { describe, expect, it } from 'vitest';
import { phoneCodeRequestSchema, phoneCodeVerifySchema } from './phone-auth-schema';

describe('asking for a sign-in code (D13)', () => {
  it('normalises any accepted form of a mobile number to E.164', () => {
    for (const phone of ['01012345678', '+20 10 1234 5678', '٠١٠١٢٣٤٥٦٧٨', '00201012345678']) {
      expect(phoneCodeRequestSchema.parse({ phone, language: 'ar' }).phone).toBe('+201012345678');
    }
  });

  it('refuses a landline or junk with the phone field’s messages', () => {
    const landline = phoneCodeRequestSchema.safeParse({ phone: '0223456789', language: 'ar' });
    expect(landline.error?.issues[0]).toMatchObject({
      path: ['phone'],
      message: 'validation:phone.invalid',
    });
    const empty = phoneCodeRequestSchema.safeParse({ phone: '', language: 'ar' });
    expect(empty.error?.issues[0]?.message).toBe('validation:phone.required');
  });

  it('an unknown language or channel falls back rather than failing the request', () => {
    expect(
      phoneCodeRequestSchema.parse({ phone: '01012345678', language: 'fr', channel: 'fax' }),
    ).toEqual({ phone: '+201012345678', language: 'ar', channel: undefined });
    expect(
      phoneCodeRequestSchema.parse({ phone: '01012345678', language: 'en', channel: 'sms' }),
    ).toMatchObject({ language: 'en', channel: 'sms' });
  });
});

describe('typing the code (D13)', () => {
  const challengeId = 'AbCdEfGhIjKlMnOpQrStUv';

  it('takes Arabic-Indic digits, spaces and direction marks', () => {
    for (const code of ['123456', '١٢٣٤٥٦', ' 123 456 ', '\u200e123-456']) {
      expect(phoneCodeVerifySchema.parse({ challengeId, code }).code).toBe('123456');
    }
  });

  it('says which is wrong: a missing code, a wrong length, a bad challenge', () => {
    const issue = (value: object) => phoneCodeVerifySchema.safeParse(value).error?.issues[0];
    expect(issue({ challengeId, code: '' })?.message).toBe('validation:phoneCode.required');
    expect(issue({ challengeId, code: '12345' })?.message).toBe('validation:phoneCode.invalid');
    expect(issue({ challengeId, code: '12a456' })?.message).toBe('validation:phoneCode.invalid');
    expect(issue({ challengeId: 'x', code: '123456' })).toMatchObject({ path: ['challengeId'] });
  });
});
