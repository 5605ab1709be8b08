// The WhatsApp provider calls a current Graph API version by default, and says at start when the
// configured one is retired or within 90 days of it (D20): on the server, and in the hosted
// build's sender, which makes its providers with the same createProviders.
import { describe, expect, it } from 'vitest';
import { build } from '../../server/src/app.ts';
import { loadEnv } from '../../server/src/plugins/env.ts';
import {
  checkGraphApiVersion,
  CURRENT_GRAPH_API_VERSION,
  GRAPH_API_URL,
  GRAPH_API_VERSIONS,
  GRAPH_API_WARNING_DAYS,
  graphApiVersionOf,
  graphApiVersionWarning,
} from '../../server/src/notifications/providers/graph-api-versions.ts';
import { createProviders } from '../../server/src/notifications/providers/index.ts';

const TODAY = new Date('2026-12-02T10:00:00Z');
const url = (version: string) => `https://graph.facebook.com/${version}`;
/** The settings that turn the WhatsApp provider on, as `.env` holds them. */
const WHATSAPP: Record<string, string> = {
  NOTIFY_PROVIDERS: 'whatsapp',
  WHATSAPP_PHONE_NUMBER_ID: '1234567890',
  WHATSAPP_ACCESS_TOKEN: 'token',
};

describe('the Graph API versions table (D20)', () => {
  it('lists each version once, newest first, each retired after it was released', () => {
    const versions = GRAPH_API_VERSIONS.map((v) => v.version);
    expect(new Set(versions).size).toBe(versions.length);
    const released = GRAPH_API_VERSIONS.map((v) => v.released);
    expect(released).toEqual([...released].sort().reverse());
    for (const v of GRAPH_API_VERSIONS) {
      if (v.availableUntil !== null) expect(v.availableUntil > v.released).toBe(true);
    }
    // Meta's dates for the version this product called before, and its successors.
    expect(GRAPH_API_VERSIONS.find((v) => v.version === 'v21.0')?.availableUntil).toBe(
      '2027-01-21',
    );
    expect(GRAPH_API_VERSIONS.find((v) => v.version === 'v25.0')?.availableUntil).toBe(
      '2028-07-29',
    );
  });

  it('defaults to the newest version, which is not near its end', () => {
    expect(CURRENT_GRAPH_API_VERSION).toBe('v26.0');
    expect(GRAPH_API_URL).toBe('https://graph.facebook.com/v26.0');
    expect(loadEnv({}).WHATSAPP_API_URL).toBe(GRAPH_API_URL);
    expect(checkGraphApiVersion(GRAPH_API_URL, TODAY)).toEqual({
      status: 'current',
      version: 'v26.0',
      availableUntil: null,
    });
    expect(graphApiVersionWarning(GRAPH_API_URL, TODAY)).toBeNull();
  });

  it.each([
    ['https://graph.facebook.com/v21.0', 'v21.0'],
    ['https://graph.facebook.com/v21.0/', 'v21.0'],
    ['http://127.0.0.1:4000/proxy/v23.0', 'v23.0'],
    ['https://graph.facebook.com', null],
    ['http://127.0.0.1:4000/graph', null],
    ['not a url', null],
  ])('reads the version of %s as %s', (address, version) => {
    expect(graphApiVersionOf(address)).toBe(version);
  });
});

describe('checkGraphApiVersion', () => {
  it('warns of v21.0 from 90 days before its end, and calls it retired after its last day', () => {
    // 2027-01-21 is its last day: served through it.
    expect(checkGraphApiVersion(url('v21.0'), new Date('2026-10-23T12:00:00Z'))).toMatchObject({
      status: 'current',
    });
    expect(checkGraphApiVersion(url('v21.0'), new Date('2026-10-24T12:00:00Z'))).toEqual({
      status: 'retiring',
      version: 'v21.0',
      availableUntil: '2027-01-21',
      daysLeft: GRAPH_API_WARNING_DAYS,
    });
    expect(checkGraphApiVersion(url('v21.0'), TODAY)).toMatchObject({
      status: 'retiring',
      daysLeft: 51,
    });
    expect(checkGraphApiVersion(url('v21.0'), new Date('2027-01-21T23:00:00Z'))).toMatchObject({
      status: 'retiring',
      daysLeft: 1,
    });
    expect(checkGraphApiVersion(url('v21.0'), new Date('2027-01-22T00:00:00Z'))).toEqual({
      status: 'retired',
      version: 'v21.0',
      availableUntil: '2027-01-21',
    });
  });

  it('calls a version older than the table retired, a newer one newer, and a bare host nothing', () => {
    expect(checkGraphApiVersion(url('v2.12'), TODAY)).toEqual({
      status: 'retired',
      version: 'v2.12',
      availableUntil: null,
    });
    expect(checkGraphApiVersion(url('v27.0'), TODAY)).toEqual({
      status: 'newer',
      version: 'v27.0',
    });
    expect(checkGraphApiVersion('https://graph.facebook.com', TODAY)).toEqual({ status: 'none' });
    expect(graphApiVersionWarning(url('v27.0'), TODAY)).toBeNull();
    expect(checkGraphApiVersion(url('v23.0'), TODAY)).toMatchObject({ status: 'current' });
  });

  it('says what happens and what to set instead', () => {
    expect(graphApiVersionWarning(url('v21.0'), TODAY)).toBe(
      'WhatsApp: Graph API v21.0 is retired by Meta after 2027-01-21, in 51 days: set WHATSAPP_API_URL to https://graph.facebook.com/v26.0 (the newest version this build knows)',
    );
    expect(graphApiVersionWarning(url('v20.0'), TODAY)).toBe(
      'WhatsApp: Graph API v20.0 was retired by Meta after 2026-09-24; messages through it fail: set WHATSAPP_API_URL to https://graph.facebook.com/v26.0 (the newest version this build knows)',
    );
  });
});

describe('the warning at start', () => {
  function logged(): { lines: Record<string, unknown>[]; stream: { write(line: string): void } } {
    const lines: Record<string, unknown>[] = [];
    return { lines, stream: { write: (line) => void lines.push(JSON.parse(line)) } };
  }

  it('is in the server’s log when WhatsApp is on with a retired version', async () => {
    const sink = logged();
    const app = await build({
      staticDir: '/nonexistent/afsh-dist',
      env: { DATABASE_PATH: ':memory:', ...WHATSAPP, WHATSAPP_API_URL: url('v13.0') },
      logger: { level: 'info', stream: sink.stream },
    });
    try {
      await app.ready();
      const warnings = sink.lines.filter(
        (line) => line.level === 40 && String(line.msg).includes('Graph API'),
      );
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({
        msg: expect.stringContaining('Graph API v13.0 was retired by Meta after 2024-05-28'),
        whatsappApiUrl: url('v13.0'),
        check: { status: 'retired', version: 'v13.0' },
      });
    } finally {
      await app.close();
    }
  });

  it('is not in the log with the default version, nor when WhatsApp is off', async () => {
    const settings: Record<string, string>[] = [WHATSAPP, { WHATSAPP_API_URL: url('v13.0') }];
    for (const env of settings) {
      const sink = logged();
      const app = await build({
        staticDir: '/nonexistent/afsh-dist',
        env: { DATABASE_PATH: ':memory:', ...env },
        logger: { level: 'info', stream: sink.stream },
      });
      try {
        await app.ready();
        expect(sink.lines.filter((line) => String(line.msg).includes('Graph API'))).toEqual([]);
      } finally {
        await app.close();
      }
    }
  });

  it('is in the hosted sender’s log when it makes its providers', () => {
    // functions/src/platform/notification-triggers.ts makes them once per instance, like this.
    const warnings: string[] = [];
    const log = {
      info: () => {},
      warn: (_object: object, message: string) => warnings.push(message),
    };
    createProviders(loadEnv({ ...WHATSAPP, WHATSAPP_API_URL: url('v21.0') }), log, TODAY);
    expect(warnings).toEqual([
      expect.stringContaining('Graph API v21.0 is retired by Meta after 2027-01-21, in 51 days'),
    ]);
    warnings.length = 0;
    createProviders(loadEnv(WHATSAPP), log, TODAY);
    expect(warnings).toEqual([]);
  });
});
