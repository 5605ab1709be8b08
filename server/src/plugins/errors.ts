import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { HttpError } from '../errors.ts';
import type { ErrorBody } from '../errors.ts';

// Stable, machine-readable codes for the statuses Fastify and its plugins produce by themselves.
const codeByStatus: Record<number, string> = {
  400: 'bad-request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not-found',
  405: 'method-not-allowed',
  406: 'not-acceptable',
  409: 'conflict',
  411: 'length-required',
  413: 'payload-too-large',
  414: 'uri-too-long',
  415: 'unsupported-media-type',
  416: 'range-not-satisfiable',
  422: 'invalid-input',
  429: 'too-many-requests',
};

export function sendError(
  reply: FastifyReply,
  statusCode: number,
  code: string,
  message: string,
  issues?: ErrorBody['error']['issues'],
): FastifyReply {
  const body: ErrorBody = { error: { code, message, ...(issues ? { issues } : {}) } };
  // A half-sent static file may have set these; they must not describe an error body.
  reply.removeHeader('content-encoding');
  reply.removeHeader('content-length');
  reply.removeHeader('etag');
  reply.removeHeader('last-modified');
  return reply
    .code(statusCode)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(body);
}

export function isApiPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return path === '/api' || path.startsWith('/api/');
}

export interface ErrorHandlingOptions {
  /**
   * Called for a GET/HEAD outside /api that a browser navigates to (it accepts text/html) and
   * that matched no file: the SPA decides what to show, so the server answers with index.html.
   */
  htmlFallback?: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
}

function wantsHtml(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?', 1)[0] ?? '';
  // A missing hashed asset must stay a 404: answering HTML would hand a browser an index.html
  // as JavaScript after a deploy, a far more confusing failure.
  if (isApiPath(path) || path.startsWith('/assets/')) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * One error shape for the whole server: `{ "error": { "code", "message" } }`. 4xx messages are
 * written for the client; 5xx are logged with the stack, and the client only learns "internal".
 */
export function registerErrorHandling(app: FastifyInstance, options: ErrorHandlingOptions = {}) {
  app.setNotFoundHandler(async (request, reply) => {
    if (options.htmlFallback && wantsHtml(request)) return options.htmlFallback(request, reply);
    const path = request.url.split('?', 1)[0] ?? '';
    return sendError(reply, 404, 'not-found', `Nothing here: ${request.method} ${path}`);
  });

  app.setErrorHandler(async (error: FastifyError | Error, request, reply) => {
    if (error instanceof ZodError) {
      const issues = error.issues.map((issue) => ({
        path: issue.path.map(String).join('.'),
        message: issue.message,
      }));
      return sendError(reply, 400, 'invalid-input', 'The request is not valid.', issues);
    }

    const statusCode =
      'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;

    if (statusCode >= 500 || statusCode < 400) {
      request.log.error({ err: error }, 'request failed');
      // A deliberate HttpError (say 503 while a dependency is down) keeps its code and message.
      if (error instanceof HttpError && statusCode >= 500) {
        return sendError(reply, statusCode, error.code, error.message);
      }
      return sendError(
        reply,
        500,
        'internal',
        'Something went wrong on our side. Please try again.',
      );
    }

    if (error instanceof HttpError) return sendError(reply, statusCode, error.code, error.message);
    // Fastify's schema validation (error.validation) and body parsing errors are client mistakes.
    const code =
      'validation' in error && error.validation
        ? 'invalid-input'
        : (codeByStatus[statusCode] ?? 'bad-request');
    request.log.info({ err: error }, 'client error');
    return sendError(reply, statusCode, code, error.message);
  });
}
