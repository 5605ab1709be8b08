import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { build } from '../../server/src/app.ts';
import { DEFAULT_ADMIN_EMAIL, ensureInitialAdmin } from '../../server/src/auth/initial-admin.ts';
import { openDatabase } from '../../server/src/plugins/db.ts';
import { runAdminCreate } from './admin-script.ts';
import { TestClient } from './test-server.ts';

/** The app on `dbPath`, so a test can sign in the way a browser would. */
async function appOn(dbPath: string): Promise<FastifyInstance> {
  return build({
    staticDir: '/nonexistent/afsh-dist',
    env: { DATABASE_PATH: dbPath, RATE_LIMITS: 'off' },
  });
}

function adminEmails(app: FastifyInstance): string[] {
  return (
    app.db.prepare("SELECT email FROM users WHERE role = 'admin' ORDER BY email").all() as {
      email: string;
    }[]
  ).map((row) => row.email);
}

function silentLog() {
  const lines: string[] = [];
  return {
    lines,
    info: (a: unknown, b?: string) => {
      lines.push(JSON.stringify(a) + (b ?? ''));
    },
  };
}

describe('npm run admin:create', () => {
  let dir: string;
  let dbPath: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'afsh-admin-'));
    dbPath = join(dir, 'data', 'afsh.sqlite');
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('creates an admin with a generated password, printed once, that signs in', async () => {
    const result = await runAdminCreate(['--email', 'Boss@Example.com'], {
      DATABASE_PATH: dbPath,
    });
    expect(result.stderr).not.toMatch(/error/i);
    expect(result.code).toBe(0);
    const password = /password: (\S+)/.exec(result.stdout)?.[1] ?? '';
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(result.stdout.split(password)).toHaveLength(2);

    const app = await appOn(dbPath);
    try {
      const user = await new TestClient(app).signIn('boss@example.com', password);
      expect(user).toMatchObject({ email: 'boss@example.com', isAdmin: true, anonymous: false });
    } finally {
      await app.close();
    }
  }, 60_000);

  it('takes a given password, and promotes an existing account keeping its id', async () => {
    const app = await appOn(dbPath);
    let customerId: string;
    try {
      const customer = new TestClient(app);
      customerId = (await customer.signUp('owner@example.com', 'owner-pass-1')).id;
    } finally {
      await app.close();
    }

    const result = await runAdminCreate(
      ['--email', 'owner@example.com', '--password', 'new-admin-pass-9'],
      { DATABASE_PATH: dbPath },
    );
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('new-admin-pass-9');
    expect(result.stdout).toMatch(/now an admin/);

    const after = await appOn(dbPath);
    try {
      const client = new TestClient(after);
      const wrong = await client.request('POST', '/api/auth/login', {
        email: 'owner@example.com',
        password: 'owner-pass-1',
      });
      expect(wrong.status).toBe(401);
      const user = await client.signIn('owner@example.com', 'new-admin-pass-9');
      expect(user).toEqual({
        id: customerId,
        email: 'owner@example.com',
        anonymous: false,
        isAdmin: true,
        // The account never proved a mobile number (D13).
        phone: null,
      });
      expect(adminEmails(after)).toEqual(['owner@example.com']);
    } finally {
      await after.close();
    }
  }, 60_000);

  it("changes an admin's password: the old one and its sessions end, no second admin", async () => {
    const first = await runAdminCreate(['--email', 'boss@example.com'], { DATABASE_PATH: dbPath });
    expect(first.code).toBe(0);
    const oldPassword = /password: (\S+)/.exec(first.stdout)?.[1] ?? '';
    expect(oldPassword).toMatch(/^[A-Za-z0-9]{20}$/);

    const app = await appOn(dbPath);
    try {
      const signedIn = new TestClient(app);
      await signedIn.signIn('boss@example.com', oldPassword);
      expect((await signedIn.request('GET', '/api/auth/me')).body.user.isAdmin).toBe(true);

      const changed = await runAdminCreate(
        ['--email', 'boss@example.com', '--password', 'Quiet-Harbour-73'],
        { DATABASE_PATH: dbPath },
      );
      expect(changed.stderr).toBe('');
      expect(changed.code).toBe(0);
      expect(changed.stdout).toMatch(/boss@example\.com is now an admin with the new password/);

      // Whoever had the old password is signed out and cannot sign in with it again.
      expect((await signedIn.request('GET', '/api/auth/me')).body).toEqual({ user: null });
      const old = await new TestClient(app).request('POST', '/api/auth/login', {
        email: 'boss@example.com',
        password: oldPassword,
      });
      expect(old.status).toBe(401);
      const user = await new TestClient(app).signIn('boss@example.com', 'Quiet-Harbour-73');
      expect(user.isAdmin).toBe(true);
      expect(adminEmails(app)).toEqual(['boss@example.com']);
    } finally {
      await app.close();
    }
  }, 60_000);

  it("refuses a known password for an admin who has one, keeping the admin's own", async () => {
    const first = await runAdminCreate(
      ['--email', 'boss@example.com', '--password', 'Quiet-Harbour-73'],
      {
        DATABASE_PATH: dbPath,
      },
    );
    expect(first.code).toBe(0);
    for (const known of ['change-me-2026', 'Password123', 'boss-pass-2026']) {
      const result = await runAdminCreate(['--email', 'boss@example.com', '--password', known], {
        DATABASE_PATH: dbPath,
      });
      expect(result.code, known).toBe(1);
      expect(result.stderr).toMatch(/known or guessable.*Nothing was changed\./);
    }
    const app = await appOn(dbPath);
    try {
      const user = await new TestClient(app).signIn('boss@example.com', 'Quiet-Harbour-73');
      expect(user.isAdmin).toBe(true);
    } finally {
      await app.close();
    }
  }, 60_000);

  it.each([
    [['--email', 'not-an-email', '--password', 'good-pass-1'], /valid email/],
    [['--email', 'known@example.com', '--password', 'change-me-2026'], /known or guessable/],
    [['--email', 'weak@example.com', '--password', 'password'], /letters and digits/],
    [['--email', 'short@example.com', '--password', 'ab1'], /at least 8/],
    [['--password', 'good-pass-1'], /Usage/],
    [['--email', 'x@example.com', '--bogus'], /bogus/],
  ])(
    'refuses %j and changes nothing',
    async (args, message) => {
      const result = await runAdminCreate(args, { DATABASE_PATH: dbPath });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).not.toMatch(/^\s+at /m);
      const db = openDatabase(dbPath);
      try {
        expect(db.prepare('SELECT COUNT(*) AS n FROM users').get()).toEqual({ n: 0 });
      } finally {
        db.close();
      }
    },
    60_000,
  );
});

describe('ensureInitialAdmin', () => {
  let dir: string;
  let dbPath: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'afsh-initial-'));
    dbPath = join(dir, 'afsh.sqlite');
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('creates the admin from ADMIN_EMAIL and ADMIN_PASSWORD, printing nothing', async () => {
    const app = await appOn(dbPath);
    try {
      const printed: string[] = [];
      const log = silentLog();
      const outcome = await ensureInitialAdmin(
        app.db,
        { ADMIN_EMAIL: 'owner@shop.example', ADMIN_PASSWORD: 'shop-owner-2026' },
        log,
        (text) => printed.push(text),
      );
      expect(outcome).toEqual({
        action: 'created',
        email: 'owner@shop.example',
        generatedPassword: false,
      });
      expect(printed).toEqual([]);
      expect(log.lines.join('\n')).not.toContain('shop-owner-2026');
      const user = await new TestClient(app).signIn('owner@shop.example', 'shop-owner-2026');
      expect(user.isAdmin).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('generates and prints credentials once when no admin is configured', async () => {
    const app = await appOn(dbPath);
    try {
      const printed: string[] = [];
      const log = silentLog();
      const outcome = await ensureInitialAdmin(app.db, {}, log, (text) => printed.push(text));
      expect(outcome).toMatchObject({ action: 'created', email: DEFAULT_ADMIN_EMAIL });
      expect(printed).toHaveLength(1);
      const banner = printed[0] ?? '';
      expect(banner).toContain(DEFAULT_ADMIN_EMAIL);
      expect(banner).toMatch(/will not be shown again/);
      expect(banner).toContain('npm run admin:create');
      const password = /password: (\S+)/.exec(banner)?.[1] ?? '';
      expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
      // The logger (which may ship to a log service) never sees it.
      expect(log.lines.join('\n')).not.toContain(password);

      const user = await new TestClient(app).signIn(DEFAULT_ADMIN_EMAIL, password);
      expect(user.isAdmin).toBe(true);

      // A restart: an admin exists, so nothing is created, reset or printed.
      const again = await ensureInitialAdmin(app.db, {}, log, (text) => printed.push(text));
      expect(again).toEqual({ action: 'none' });
      const withEnv = await ensureInitialAdmin(
        app.db,
        { ADMIN_EMAIL: 'second@shop.example', ADMIN_PASSWORD: 'second-pass-1' },
        log,
        (text) => printed.push(text),
      );
      expect(withEnv).toEqual({ action: 'none' });
      expect(printed).toHaveLength(1);
      expect(adminEmails(app)).toEqual([DEFAULT_ADMIN_EMAIL]);
      await new TestClient(app).signIn(DEFAULT_ADMIN_EMAIL, password);
    } finally {
      await app.close();
    }
  });

  it('promotes an existing customer named by ADMIN_EMAIL', async () => {
    const app = await appOn(dbPath);
    try {
      const id = (await new TestClient(app).signUp('me@shop.example', 'customer-pass-1')).id;
      const outcome = await ensureInitialAdmin(
        app.db,
        { ADMIN_EMAIL: 'me@shop.example', ADMIN_PASSWORD: 'admin-pass-2026' },
        silentLog(),
        () => {},
      );
      expect(outcome).toMatchObject({ action: 'promoted' });
      const user = await new TestClient(app).signIn('me@shop.example', 'admin-pass-2026');
      expect(user).toMatchObject({ id, isAdmin: true });
    } finally {
      await app.close();
    }
  });

  it('runs on build({ initialAdmin: true }) and only once across restarts', async () => {
    const env = {
      DATABASE_PATH: dbPath,
      ADMIN_EMAIL: 'boot@shop.example',
      ADMIN_PASSWORD: 'boot-pass-2026',
    };
    for (let start = 0; start < 2; start += 1) {
      const app = await build({ staticDir: '/nonexistent/afsh-dist', env, initialAdmin: true });
      try {
        expect(adminEmails(app)).toEqual(['boot@shop.example']);
      } finally {
        await app.close();
      }
    }
    const plain = await appOn(join(dir, 'other.sqlite'));
    try {
      expect(adminEmails(plain)).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
