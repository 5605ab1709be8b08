import { createServer, type Server } from 'node:http';
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ServerEnv } from './env.ts';

// Prometheus metrics (D24) through prom-client: the process's own (CPU, memory, event loop
// lag, handles), requests by route and their durations, the notification outbox's queue and
// the orders placed. Never public: on a port of their own on 127.0.0.1 (METRICS_PORT), or on
// the public port only with the bearer token METRICS_TOKEN; with neither, /metrics is a 404.

const sameToken = (given: string, expected: string): boolean => {
  // Hashes first: timingSafeEqual wants equal lengths, and the length must not leak either.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
};

/** Whether an Authorization header carries `token` (always true when there is no token). */
function authorized(header: string | undefined, token: string | undefined): boolean {
  if (token === undefined) return true;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] !== undefined && sameToken(match[1], token);
}

export function registerMetrics(
  app: FastifyInstance,
  env: Pick<ServerEnv, 'METRICS_TOKEN' | 'METRICS_PORT' | 'METRICS_HOST'>,
): void {
  const register = new Registry();
  collectDefaultMetrics({ register });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'afsh_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames,
    registers: [register],
  });
  const durations = new Histogram({
    name: 'afsh_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer, by method, route pattern and status code',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });
  const ordersPlaced = new Counter({
    name: 'afsh_orders_placed_total',
    help: 'Orders placed (POST /api/orders answered 201) since the server started',
    registers: [register],
  });
  const pendingMessages = app.db.prepare<[], { n: number }>(
    "SELECT count(*) AS n FROM outbox_messages WHERE state IN ('pending', 'sending')",
  );
  new Gauge({
    name: 'afsh_outbox_queue_depth',
    help: 'Notification messages waiting to be sent or being sent (the outbox, D10)',
    registers: [register],
    collect() {
      if (app.db.open) this.set(pendingMessages.get()?.n ?? 0);
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    // The pattern, not the path: /api/orders/:id is one series, whatever the ids.
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
    if (request.method === 'POST' && route === '/api/orders' && reply.statusCode === 201) {
      ordersPlaced.inc();
    }
  });

  const onOwnPort = env.METRICS_PORT !== undefined;
  app.get('/metrics', async (request, reply) => {
    // On the public port only with the token; with a port of their own, never here.
    if (onOwnPort || env.METRICS_TOKEN === undefined) {
      return reply.code(404).send({ error: 'not_found' });
    }
    if (!authorized(request.headers.authorization, env.METRICS_TOKEN)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ error: 'unauthorized' });
    }
    return reply.type(register.contentType).send(await register.metrics());
  });

  if (!onOwnPort) return;
  let server: Server | undefined;
  app.addHook('onListen', async () => {
    server = createServer((req, res) => {
      if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
        res.writeHead(404).end();
        return;
      }
      if (!authorized(req.headers.authorization, env.METRICS_TOKEN)) {
        res.writeHead(401, { 'www-authenticate': 'Bearer realm="metrics"' }).end();
        return;
      }
      register.metrics().then(
        (text) => res.writeHead(200, { 'content-type': register.contentType }).end(text),
        () => res.writeHead(500).end(),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(env.METRICS_PORT, env.METRICS_HOST, () => resolve());
    });
    app.log.info(`metrics at http://${env.METRICS_HOST}:${env.METRICS_PORT}/metrics`);
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });
}
