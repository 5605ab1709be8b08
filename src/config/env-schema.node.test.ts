import { describe, expect, it } from 'vitest';
import { parseEnv } from './env-schema';

describe('parseEnv', () => {
  it('has working defaults', () => {
    expect(parseEnv({})).toMatchObject({ backend: 'http' });
  });

  it('reads the configured numbers and backend', () => {
    const env = parseEnv({
      VITE_BACKEND: 'firebase',
      VITE_PHONE_NUMBER: '+201234567890',
      VITE_WHATSAPP_NUMBER: '201234567890',
    });
    expect(env).toMatchObject({
      backend: 'firebase',
      phoneNumber: '+201234567890',
      whatsappNumber: '201234567890',
    });
  });

  it.each([
    [{ VITE_BACKEND: 'mongo' }],
    [{ VITE_PHONE_NUMBER: 'call me' }],
    [{ VITE_GEOCODE_URL: 'not a url' }],
  ])('fails fast on %j', (raw) => {
    expect(() => parseEnv(raw)).toThrow(/Invalid build configuration/);
  });
});
