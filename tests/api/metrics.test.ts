import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../../server/src/app.ts';
import { freePort } from '../../scripts/lib/server-process.ts';
import { EnvError, loadEnv } from '../../server/src/plugins/env.ts';
import { makeStaticDir } from './helpers.ts';
import type { TempSite } from './helpers.ts';

// D24: Prometheus metrics, never public. On the public port only with the bearer token; on a
// port of their own on 127.0.0.1 otherwise; with neither, there is nothing to read.

const TOKEN = 'metrics-token-0123456789abcdef';

describe('metrics', () => {
  let app: FastifyInstance | undefined;
  let site: TempSite | undefined;

  afterEach(async () => {
    await app?.close();
    await site?.cleanup();
    app = undefined;
    site = undefined;
  });

  async function serve(env: Record<string, unknown>): Promise<FastifyInstance> {
    site = await makeStaticDir();
    app = await build({
      staticDir: site.staticDir,
      env: { NODE_ENV: 'test', DATABASE_PATH: ':memory:', ...env },
    });
    return app;
  }

  it('are not served on the public port without the token', async () => {
    const off = await serve({});
    const res = await off.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('afsh_http_requests_total');
  });

  it('answer the bearer token on the public port, and refuse any other', async () => {
    const on = await serve({ METRICS_TOKEN: TOKEN });
    await on.inject({ method: 'GET', url: '/api/health' });
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${TOKEN}`, TOKEN]) {
      const res = await on.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.body).not.toContain('afsh_');
    }
    const res = await on.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toMatch(
      /afsh_http_requests_total\{method="GET",route="\/api\/health",status="200"\} 1/,
    );
    expect(res.body).toContain('afsh_http_request_duration_seconds_bucket');
    expect(res.body).toMatch(/^afsh_outbox_queue_depth 0$/m);
    expect(res.body).toMatch(/^afsh_orders_placed_total 0$/m);
    // prom-client's process metrics.
    expect(res.body).toContain('process_resident_memory_bytes');
    expect(res.body).toContain('nodejs_eventloop_lag_seconds');
  });

  it('with a port of their own are served on 127.0.0.1 there, and not on the public port', async () => {
    const port = await freePort();
    const own = await serve({ METRICS_PORT: port, METRICS_TOKEN: TOKEN });
    await own.listen({ port: 0, host: '127.0.0.1' });
    const publicPort = (own.server.address() as { port: number }).port;
    const onPublic = await fetch(`http://127.0.0.1:${publicPort}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(onPublic.status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
    const ok = await fetch(`http://127.0.0.1:${port}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('afsh_outbox_queue_depth');
  });

  it('refuses a metrics port other machines reach without a token', () => {
    expect(() => loadEnv({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toThrow(EnvError);
    expect(() => loadEnv({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toThrow(
      /METRICS_HOST: is not 127\.0\.0\.1 and METRICS_TOKEN is not set/,
    );
    expect(loadEnv({ METRICS_PORT: '9464' }).METRICS_HOST).toBe('127.0.0.1');
  });
});
