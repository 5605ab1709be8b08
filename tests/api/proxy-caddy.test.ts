import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:https';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCaddy } from '../../scripts/lib/caddy.ts';
import { freePort, startServerProcess } from '../../scripts/lib/server-process.ts';
import type { ServerProcess } from '../../scripts/lib/server-process.ts';

// D24: the documented set-up for real. Debian's caddy on 127.0.0.1 with its own CA (tls
// internal) in front of the server (TRUST_PROXY=1, HOST=127.0.0.1). Clients connect from other
// loopback addresses (127.0.0.2, 127.0.0.3), so the address the limits count can be told from
// Caddy's own (127.0.0.1) and from what a client writes in X-Forwarded-For itself.

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function viaProxy(
  port: number,
  path: string,
  options: { method?: string; from: string; headers?: Record<string, string>; body?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        localAddress: options.from,
        // Caddy's internal CA is not in this machine's trust store; the chain is not the test.
        rejectUnauthorized: false,
        servername: 'localhost',
        headers: { 'content-type': 'application/json', ...options.headers },
        agent: false,
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('behind Caddy over HTTPS', () => {
  let tmp: string;
  let server: ServerProcess;
  let caddy: ChildProcess;
  let caddyOutput = '';
  let httpsPort: number;

  beforeAll(async () => {
    const caddyBin = ensureCaddy();
    tmp = await mkdtemp(join(tmpdir(), 'afsh-caddy-'));
    server = await startServerProcess({
      nodeArgs: [],
      timeoutMs: 60_000,
      env: {
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATABASE_PATH: join(tmp, 'afsh.sqlite'),
        TRUST_PROXY: '1',
        RATE_LIMITS: 'on',
      },
    });
    httpsPort = await freePort();
    const upstream = new URL(server.url).host;
    const config = join(tmp, 'Caddyfile');
    await writeFile(
      config,
      `{
	admin off
	auto_https disable_redirects
	skip_install_trust
	storage file_system ${join(tmp, 'caddy-data')}
}

https://localhost:${httpsPort}, https://127.0.0.1:${httpsPort} {
	bind 127.0.0.1
	tls internal
	header Strict-Transport-Security "max-age=31536000; includeSubDomains"
	reverse_proxy ${upstream}
}
`,
    );
    caddy = spawn(caddyBin, ['run', '--config', config, '--adapter', 'caddyfile'], {
      env: { ...process.env, HOME: tmp, XDG_DATA_HOME: tmp, XDG_CONFIG_HOME: tmp },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    caddy.stdout?.on('data', (chunk: Buffer) => (caddyOutput += chunk.toString('utf8')));
    caddy.stderr?.on('data', (chunk: Buffer) => (caddyOutput += chunk.toString('utf8')));
    // Ready once it answers over TLS (it makes its certificate first).
    for (let tries = 0; ; tries += 1) {
      if (caddy.exitCode !== null) throw new Error(`caddy exited:\n${caddyOutput}`);
      const ok = await viaProxy(httpsPort, '/api/health', { from: '127.0.0.1' }).then(
        (res) => res.status === 200,
        () => false,
      );
      if (ok) break;
      if (tries > 300) throw new Error(`caddy never answered:\n${caddyOutput}`);
      await new Promise<void>((resolve) => {
        const done = () => resolve();
        caddy.stderr?.once('data', done);
        setTimeout(done, 200).unref();
      });
    }
  }, 120_000);

  afterAll(async () => {
    caddy?.kill('SIGTERM');
    await server?.stop();
    await rm(tmp, { recursive: true, force: true });
  });

  it('sets the session cookie Secure, HttpOnly and SameSite, with HSTS', async () => {
    const res = await viaProxy(httpsPort, '/api/auth/anonymous', {
      method: 'POST',
      from: '127.0.0.2',
    });
    expect(res.status).toBe(200);
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const session = cookies.find((cookie) => cookie.startsWith('afsh_session='));
    expect(session).toBeDefined();
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=(Lax|Strict)/i);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  });

  it("counts the limits by the client's own address, whatever it writes in X-Forwarded-For", async () => {
    const signUp = (from: string, spoofed?: string) =>
      viaProxy(httpsPort, '/api/auth/signup', {
        method: 'POST',
        from,
        body: '{}',
        headers: spoofed ? { 'x-forwarded-for': spoofed } : {},
      });
    // Sign-up allows five tries a minute per address (D8); each of these names another address.
    const answers: number[] = [];
    for (let i = 0; i < 6; i += 1)
      answers.push((await signUp('127.0.0.2', `203.0.113.${i}`)).status);
    expect(answers.slice(0, 5).every((status) => status !== 429)).toBe(true);
    expect(answers[5]).toBe(429);
    // Another client behind the same proxy has its own allowance: the limit was not Caddy's.
    expect((await signUp('127.0.0.3')).status).not.toBe(429);
  });
});
