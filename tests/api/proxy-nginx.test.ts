import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:https';
import { request as plainRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDebianCommand, NGINX, OPENSSL } from '../../scripts/lib/debian-command.ts';
import {
  freePort,
  REPO_ROOT,
  startServerProcess,
  type ServerProcess,
} from '../../scripts/lib/server-process.ts';

// D24: deploy/nginx.conf itself, run by Debian's nginx (installed by apt-get when missing and
// root, like caddy) in front of the server (TRUST_PROXY=1, HOST=127.0.0.1): only its addresses,
// ports and certificate are this machine's (a self-signed one from openssl). Clients connect
// from other loopback addresses (127.0.0.2, 127.0.0.3), so the address the limits count can be
// told from nginx's own (127.0.0.1) and from what a client writes in X-Forwarded-For itself.

const HOST = 'afsh.example.com';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function viaNginx(
  port: number,
  path: string,
  options: { method?: string; from: string; headers?: Record<string, string>; body?: string },
  secure = true,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const send = secure ? request : plainRequest;
    const req = send(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        localAddress: options.from,
        // The certificate is this test's own; the chain is not what is tested.
        rejectUnauthorized: false,
        servername: HOST,
        headers: { host: HOST, 'content-type': 'application/json', ...options.headers },
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

/**
 * deploy/nginx.conf with this machine's ports, certificate and upstream; every line replaced
 * must be there, so the test follows the file or says that it no longer can.
 */
function localSite(
  deployed: string,
  at: { http: number; https: number; upstream: string; cert: string; key: string },
): string {
  const replacements: [string, string][] = [
    ['listen 80;', `listen 127.0.0.1:${at.http};`],
    ['listen [::]:80;', ''],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${at.https} ssl http2;`],
    ['listen [::]:443 ssl http2;', ''],
    [`/etc/letsencrypt/live/${HOST}/fullchain.pem`, at.cert],
    [`/etc/letsencrypt/live/${HOST}/privkey.pem`, at.key],
    ['proxy_pass http://127.0.0.1:8080;', `proxy_pass http://${at.upstream};`],
  ];
  let text = deployed;
  for (const [from, to] of replacements) {
    if (!text.includes(from)) {
      throw new Error(`deploy/nginx.conf no longer has "${from}": change this test with it.`);
    }
    text = text.replaceAll(from, to);
  }
  return text;
}

describe('behind nginx over HTTPS, with deploy/nginx.conf', () => {
  let tmp: string;
  let server: ServerProcess;
  let nginx: ChildProcess;
  let nginxOutput = '';
  let httpsPort: number;
  let httpPort: number;

  beforeAll(async () => {
    const nginxBin = ensureDebianCommand(NGINX);
    const openssl = ensureDebianCommand(OPENSSL);
    tmp = await mkdtemp(join(tmpdir(), 'afsh-nginx-'));
    // nginx's workers (nobody, when it runs as root) write their temporary files in here.
    await chmod(tmp, 0o755);
    const [cert, key] = [join(tmp, 'cert.pem'), join(tmp, 'key.pem')];
    const certMade = spawnSync(
      openssl,
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        `/CN=${HOST}`,
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
    if (certMade.status !== 0) throw new Error(`openssl failed:\n${certMade.stderr}`);

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
    httpPort = await freePort();
    const site = localSite(await readFile(join(REPO_ROOT, 'deploy', 'nginx.conf'), 'utf8'), {
      http: httpPort,
      https: httpsPort,
      upstream: new URL(server.url).host,
      cert,
      key,
    });
    const config = join(tmp, 'nginx.conf');
    await writeFile(
      config,
      [
        'daemon off;',
        'worker_processes 1;',
        `pid ${join(tmp, 'nginx.pid')};`,
        `error_log ${join(tmp, 'error.log')} warn;`,
        'events { worker_connections 64; }',
        'http {',
        '    access_log off;',
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
          (kind) => `    ${kind}_temp_path ${join(tmp, `${kind}-temp`)};`,
        ),
        site,
        '}',
        '',
      ].join('\n'),
    );
    const args = ['-e', join(tmp, 'error.log'), '-p', tmp, '-c', config];
    // The deployed file as nginx reads it: a directive this nginx does not know fails here.
    const checked = spawnSync(nginxBin, ['-t', ...args], { encoding: 'utf8', timeout: 60_000 });
    expect(checked.status, `${checked.stdout}${checked.stderr}`).toBe(0);

    nginx = spawn(nginxBin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    nginx.stdout?.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString('utf8')));
    nginx.stderr?.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString('utf8')));
    // Ready once it answers over TLS.
    for (let tries = 0; ; tries += 1) {
      if (nginx.exitCode !== null) throw new Error(`nginx exited:\n${nginxOutput}`);
      const ok = await viaNginx(httpsPort, '/api/health', { from: '127.0.0.1' }).then(
        (res) => res.status === 200,
        () => false,
      );
      if (ok) break;
      if (tries > 300) throw new Error(`nginx never answered:\n${nginxOutput}`);
      await new Promise<void>((resolve) => {
        const done = () => resolve();
        nginx.stderr?.once('data', done);
        setTimeout(done, 200).unref();
      });
    }
  }, 120_000);

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGTERM');
      await exited;
    }
    await server?.stop();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  it('sets the session cookie Secure, HttpOnly and SameSite, with HSTS', async () => {
    const res = await viaNginx(httpsPort, '/api/auth/anonymous', {
      method: 'POST',
      from: '127.0.0.2',
    });
    expect(res.status).toBe(200);
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const session = cookies.find((cookie) => cookie.startsWith('afsh_session='));
    expect(session).toBeDefined();
    // Secure because nginx says X-Forwarded-Proto: https and the server trusts it (one proxy).
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=(Lax|Strict)/i);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('sends plain http to https, and keeps /metrics from the public', async () => {
    const plain = await viaNginx(httpPort, '/track-order?x=1', { from: '127.0.0.2' }, false);
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toBe(`https://${HOST}/track-order?x=1`);
    const metrics = await viaNginx(httpsPort, '/metrics', { from: '127.0.0.2' });
    expect(metrics.status).toBe(404);
    // Even its 404 says https only (`always`).
    expect(metrics.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  });

  it("counts the limits by the client's own address, whatever it writes in X-Forwarded-For", async () => {
    const signUp = (from: string, spoofed?: string) =>
      viaNginx(httpsPort, '/api/auth/signup', {
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
    // Another client behind the same proxy has its own allowance: the limit was not nginx's.
    expect((await signUp('127.0.0.3')).status).not.toBe(429);
  });
});
