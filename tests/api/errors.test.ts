import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { build } from '../../server/src/app.ts';
import { HttpError } from '../../server/src/errors.ts';

// Collects the JSON log lines so a test can check that a 500 was logged with its stack.
function logSink(): { stream: Writable; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return { stream, lines };
}

describe('error responses', () => {
  let app: FastifyInstance;
  const sink = logSink();

  beforeAll(async () => {
    app = await build({
      staticDir: '/nonexistent/afsh-dist',
      env: { DATABASE_PATH: ':memory:' },
      logger: { level: 'info', stream: sink.stream },
    });
    // Test-only routes standing in for the real API's failure modes.
    app.get('/api/test/boom', async () => {
      throw new Error('database password is hunter2');
    });
    app.get('/api/test/conflict', async () => {
      throw new HttpError(409, 'order-number-taken', 'That order number is already used.');
    });
    app.post('/api/test/zod', async (request) => {
      z.object({ phone: z.string().regex(/^01[0125][0-9]{8}$/) }).parse(request.body);
      return { ok: true };
    });
    app.post(
      '/api/test/schema',
      {
        schema: {
          body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
        },
      },
      async () => ({ ok: true }),
    );
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
  });

  it('hides an unexpected error behind code "internal" and logs it', async () => {
    const res = await app.inject({ url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: { code: 'internal', message: expect.any(String) },
    });
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toMatch(/\bat .*\.ts:\d+/);

    const logged = sink.lines.find((line) => line.level === 50);
    expect(logged).toBeDefined();
    expect(JSON.stringify(logged)).toContain('hunter2');
  });

  it('passes a deliberate HttpError through', async () => {
    const res = await app.inject({ url: '/api/test/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: { code: 'order-number-taken', message: 'That order number is already used.' },
    });
  });

  it('turns a zod failure into 400 invalid-argument with the failing fields', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/zod',
      payload: { phone: '123' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('invalid-argument');
    expect(body.error.fields).toEqual({ phone: expect.any(String) });
    expect(body.error.message).toBe(body.error.fields.phone);
  });

  it('turns a route schema failure into 400 invalid-argument', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/schema', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'invalid-argument', message: expect.any(String) });
  });

  it('rejects an oversized body with 413 invalid-argument', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/schema',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('invalid-argument');
  });
});
