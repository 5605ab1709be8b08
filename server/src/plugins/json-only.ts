import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../errors.ts';
import { isApiPath } from './errors.ts';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (
    (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined
  );
}

function isJson(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const mediaType = contentType.split(';', 1)[0]?.trim().toLowerCase();
  return mediaType === 'application/json';
}

/**
 * Every mutating /api request must say it is JSON. A cross-site HTML form can only send
 * urlencoded, multipart or text/plain bodies, and a cross-site fetch with application/json needs
 * a CORS preflight we never grant, so together with SameSite=Lax cookies this is our CSRF guard.
 * Fastify's JSON parser is also made to accept an empty body, so a bodiless POST (sign-out) only
 * needs the header.
 */
export function registerJsonOnly(app: FastifyInstance): void {
  // A callback hook: it runs on every request and does nothing asynchronous, so it need not cost
  // a promise and a microtask each time. A throw still reaches the error handler.
  app.addHook('onRequest', (request, _reply, done) => {
    if (BODY_METHODS.has(request.method) || request.method === 'DELETE') {
      const needsJson = request.method !== 'DELETE' || hasBody(request);
      if (needsJson && isApiPath(request.url) && !isJson(request.headers['content-type'])) {
        throw new HttpError(415, 'invalid-argument', 'errors:jsonOnly');
      }
    }
    done();
  });

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
