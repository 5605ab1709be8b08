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

  it('reads the site address for canonical links, without a trailing slash', () => {
    expect(parseEnv({}).siteUrl).toBe('http://localhost:8080');
    expect(parseEnv({ VITE_SITE_URL: 'https://afsh.example/' }).siteUrl).toBe(
      'https://afsh.example',
    );
  });

  it.each([
    [{ VITE_SITE_URL: 'afsh.example' }],
    [{ VITE_SITE_URL: 'ftp://afsh.example' }],
    [{ VITE_BACKEND: 'mongo' }],
    [{ VITE_PHONE_NUMBER: 'call me' }],
    [{ VITE_GEOCODE_URL: 'not a url' }],
  ])('fails fast on %j', (raw) => {
    expect(() => parseEnv(raw)).toThrow(/Invalid build configuration/);
  });
});
