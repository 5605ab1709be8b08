import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../server/src/plugins/env.ts';

describe('server settings', () => {
  it('has working defaults', () => {
    expect(loadEnv({})).toEqual({
      NODE_ENV: 'development',
      PORT: 8080,
      HOST: '0.0.0.0',
      DATABASE_PATH: 'data/afsh.sqlite',
      GEOCODE_URL: 'https://nominatim.openstreetmap.org/reverse',
      LOG_LEVEL: 'info',
      TRUST_PROXY: false,
    });
  });

  it('reads strings from the environment and treats empty values as unset', () => {
    const env = loadEnv({ PORT: '3000', HOST: '', TRUST_PROXY: 'yes', NODE_ENV: 'production' });
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe('0.0.0.0');
    expect(env.TRUST_PROXY).toBe(true);
    expect(env.NODE_ENV).toBe('production');
  });

  it('lets typed overrides win over the environment', () => {
    expect(loadEnv({ PORT: '3000' }, { PORT: 0 }).PORT).toBe(0);
  });

  it('fails fast naming every bad variable and its value', () => {
    const attempt = () =>
      loadEnv({ PORT: 'eighty', GEOCODE_URL: 'ftp://example.com', NODE_ENV: 'prod' });
    expect(attempt).toThrow(EnvError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('"eighty"');
      expect(message).toContain('GEOCODE_URL');
      expect(message).toContain('NODE_ENV');
      expect(message).not.toMatch(/^\s*at /m);
    }
  });

  it('rejects ports out of range', () => {
    expect(() => loadEnv({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadEnv({ PORT: '80.5' })).toThrow(/PORT/);
  });
});
