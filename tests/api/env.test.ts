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
      SESSION_TTL_DAYS: 30,
      RATE_LIMITS: 'on',
      ORDER_LIMIT_CUSTOMER_HOUR: 3,
      ORDER_LIMIT_CUSTOMER_DAY: 5,
      // A customer is a verified number (D13): a week's bookings, and moves held ahead at once.
      ORDER_LIMIT_CUSTOMER_WEEK: 8,
      ORDER_LIMIT_CUSTOMER_OPEN: 3,
      ORDER_LIMIT_ADDRESS_HOUR: 10,
      ORDER_LIMIT_ADDRESS_DAY: 30,
      REQUEST_TIMEOUT_SECONDS: 30,
      // Notifications (D10): the log provider, no company recipient, no account.
      NOTIFY_PROVIDERS: ['log'],
      NOTIFY_COMPANY_LANGUAGE: 'ar',
      NOTIFY_MAX_TRIES: 6,
      NOTIFY_RETRY_SECONDS: 30,
      NOTIFY_TIMEOUT_SECONDS: 15,
      // The weekly summary to the team (D27): Saturdays at 09:00 Cairo.
      NOTIFY_WEEKLY_SUMMARY: '09:00',
      SITE_URL: 'http://localhost:8080',
      // The newest Graph API version (graph-api-versions.ts, D20).
      WHATSAPP_API_URL: 'https://graph.facebook.com/v26.0',
      SMS_API_URL: 'https://api.twilio.com/2010-04-01',
      // Sign-in codes (D13) go in this WhatsApp authentication template.
      WHATSAPP_CODE_TEMPLATE: 'afsh_code',
      // Payments (D3): the test provider, no account.
      PAYMENT_PROVIDER: ['test'],
      PAYMOB_API_URL: 'https://accept.paymob.com',
      PAYMOB_TIMEOUT_SECONDS: 15,
      PAYMOB_EXPIRY_MINUTES: 60,
      // A try Paymob said nothing of for five minutes is asked about (D18).
      PAYMENT_RECONCILE_MINUTES: 5,
      // Metrics (D24): off until a token or a port of their own; that port on loopback only.
      METRICS_HOST: '127.0.0.1',
    });
  });

  it('needs every Paymob key to choose Paymob, and never prints the secrets', () => {
    let message = '';
    try {
      loadEnv({ PAYMENT_PROVIDER: 'paymob', PAYMOB_SECRET_KEY: 'egy_sk_live_secret123' });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const key of [
      'PAYMOB_PUBLIC_KEY',
      'PAYMOB_HMAC_SECRET',
      'PAYMOB_API_KEY',
      'PAYMOB_CARD_INTEGRATION_ID',
    ]) {
      expect(message).toContain(`${key}: is required when PAYMENT_PROVIDER is paymob`);
    }
    expect(message).not.toContain('egy_sk_live_secret123');
    expect(() => loadEnv({ PAYMENT_RECONCILE_MINUTES: '0' })).toThrow(/PAYMENT_RECONCILE_MINUTES/);
    expect(loadEnv({ PAYMENT_RECONCILE_MINUTES: '2' }).PAYMENT_RECONCILE_MINUTES).toBe(2);
    const keys = {
      PAYMENT_PROVIDER: 'paymob',
      PAYMOB_SECRET_KEY: 'egy_sk_live_secret123',
      PAYMOB_PUBLIC_KEY: 'egy_pk_test_public456',
      PAYMOB_HMAC_SECRET: 'hmac',
      PAYMOB_API_KEY: 'api-key-secret789',
      PAYMOB_CARD_INTEGRATION_ID: '123',
    };
    expect(() => loadEnv(keys)).toThrow(
      /PAYMOB_PUBLIC_KEY: is a test key but PAYMOB_SECRET_KEY is a live one/,
    );
    expect(() =>
      loadEnv({ ...keys, PAYMOB_PUBLIC_KEY: 'egy_pk_live_1', PAYMOB_WALLET_INTEGRATION_ID: 'x' }),
    ).toThrow(/PAYMOB_WALLET_INTEGRATION_ID: must be a Paymob integration id/);
    expect(() => loadEnv({ PAYMENT_PROVIDER: 'stripe' })).toThrow(
      /PAYMENT_PROVIDER: must be one of test, paymob/,
    );
    const env = loadEnv({ ...keys, PAYMOB_PUBLIC_KEY: 'egy_pk_live_1' });
    expect(env.PAYMENT_PROVIDER).toEqual(['paymob']);
    expect(
      loadEnv({ ...keys, PAYMOB_PUBLIC_KEY: 'egy_pk_live_1', PAYMENT_PROVIDER: 'Paymob, test' })
        .PAYMENT_PROVIDER,
    ).toEqual(['paymob', 'test']);
  });

  it('reads the order limits and the request timeout, and refuses nonsense', () => {
    const env = loadEnv({
      ORDER_LIMIT_CUSTOMER_DAY: '0',
      ORDER_LIMIT_ADDRESS_HOUR: '50',
      ORDER_LIMIT_ADDRESS_DAY: '200',
      REQUEST_TIMEOUT_SECONDS: '10',
    });
    expect(env.ORDER_LIMIT_CUSTOMER_DAY).toBe(0);
    expect(env.ORDER_LIMIT_ADDRESS_HOUR).toBe(50);
    expect(env.REQUEST_TIMEOUT_SECONDS).toBe(10);
    expect(() => loadEnv({ ORDER_LIMIT_CUSTOMER_HOUR: '-1' })).toThrow(/ORDER_LIMIT_CUSTOMER_HOUR/);
    expect(() => loadEnv({ ORDER_LIMIT_ADDRESS_DAY: 'lots' })).toThrow(/ORDER_LIMIT_ADDRESS_DAY/);
    expect(() => loadEnv({ REQUEST_TIMEOUT_SECONDS: '0' })).toThrow(/REQUEST_TIMEOUT_SECONDS/);
    // An hourly limit above the daily one means the operator swapped them.
    expect(() =>
      loadEnv({ ORDER_LIMIT_CUSTOMER_HOUR: '9', ORDER_LIMIT_CUSTOMER_DAY: '5' }),
    ).toThrow(/ORDER_LIMIT_CUSTOMER_HOUR: is more than ORDER_LIMIT_CUSTOMER_DAY/);
    expect(() =>
      loadEnv({ ORDER_LIMIT_CUSTOMER_DAY: '9', ORDER_LIMIT_CUSTOMER_WEEK: '8' }),
    ).toThrow(/ORDER_LIMIT_CUSTOMER_DAY: is more than ORDER_LIMIT_CUSTOMER_WEEK/);
  });

  it('reads strings from the environment and treats empty values as unset', () => {
    const env = loadEnv({ PORT: '3000', HOST: '', TRUST_PROXY: '', NODE_ENV: 'production' });
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe('0.0.0.0');
    expect(env.TRUST_PROXY).toBe(false);
    expect(env.NODE_ENV).toBe('production');
  });

  it("reads TRUST_PROXY as a hop count or the proxies' addresses, off by default", () => {
    const trust = (value: unknown) => loadEnv({ TRUST_PROXY: value }).TRUST_PROXY;
    expect(trust(undefined)).toBe(false);
    for (const off of ['false', 'FALSE', 'no', 'off', '0', ' 0 ']) expect(trust(off)).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust(' 2 ')).toBe(2);
    expect(trust('127.0.0.1,::1')).toEqual(['127.0.0.1', '::1']);
    expect(trust(' 10.0.0.0/8 , fd00::/8 ,')).toEqual(['10.0.0.0/8', 'fd00::/8']);
    expect(trust('loopback')).toEqual(['loopback']);
    // Typed overrides go through the same reading.
    expect(loadEnv({ TRUST_PROXY: 'true' }, { TRUST_PROXY: 1 }).TRUST_PROXY).toBe(1);
    expect(loadEnv({}, { TRUST_PROXY: ['192.168.1.10'] }).TRUST_PROXY).toEqual(['192.168.1.10']);
  });

  it('refuses TRUST_PROXY=true, naming the setting and what to give instead', () => {
    for (const value of ['true', 'TRUE', 'yes', 'on', true]) {
      let message = '';
      try {
        loadEnv({ TRUST_PROXY: value });
      } catch (error) {
        expect(error).toBeInstanceOf(EnvError);
        message = (error as Error).message;
      }
      expect(message, String(value)).toMatch(/TRUST_PROXY: .*every client choose its own address/);
      expect(message).toContain('the number of proxies in front of the server');
      expect(message).toContain('127.0.0.1,::1');
    }
  });

  it('refuses a TRUST_PROXY that is neither a hop count nor addresses', () => {
    for (const value of ['11', '1.5', '-1', 'nginx', '300.1.1.1', '10.0.0.0/33', '0.0.0.0/0']) {
      expect(() => loadEnv({ TRUST_PROXY: value }), value).toThrow(
        /TRUST_PROXY: must be the number of proxies/,
      );
    }
    expect(() => loadEnv({ TRUST_PROXY: '1,127.0.0.1' })).toThrow(/not an address or network: 1\b/);
    expect(() => loadEnv({ TRUST_PROXY: ',' })).toThrow(/TRUST_PROXY/);
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

  it('reads the session lifetime and the rate-limit switch', () => {
    expect(loadEnv({ SESSION_TTL_DAYS: '7', RATE_LIMITS: 'OFF' })).toMatchObject({
      SESSION_TTL_DAYS: 7,
      RATE_LIMITS: 'off',
    });
    expect(loadEnv({ RATE_LIMITS: 'false' }).RATE_LIMITS).toBe('off');
    expect(loadEnv({}, { RATE_LIMITS: 'off' }).RATE_LIMITS).toBe('off');
    expect(() => loadEnv({ SESSION_TTL_DAYS: '0' })).toThrow(/SESSION_TTL_DAYS/);
    expect(() => loadEnv({ SESSION_TTL_DAYS: '1.5' })).toThrow(/SESSION_TTL_DAYS/);
    expect(() => loadEnv({ RATE_LIMITS: 'sometimes' })).toThrow(/RATE_LIMITS/);
  });

  it('validates the first admin and never prints its password', () => {
    const env = loadEnv({ ADMIN_EMAIL: ' Boss@Example.COM ', ADMIN_PASSWORD: 'strong-pass-1' });
    expect(env.ADMIN_EMAIL).toBe('boss@example.com');
    expect(env.ADMIN_PASSWORD).toBe('strong-pass-1');

    expect(() => loadEnv({ ADMIN_EMAIL: 'not an email' })).toThrow(/ADMIN_EMAIL/);
    const weak = () => loadEnv({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'secretpw' });
    expect(weak).toThrow(/ADMIN_PASSWORD/);
    expect(weak).not.toThrow(/secretpw/);
    // A password alone would silently go to a generated account's email: refuse it.
    expect(() => loadEnv({ ADMIN_PASSWORD: 'strong-pass-1' })).toThrow(/ADMIN_EMAIL/);
  });
});
