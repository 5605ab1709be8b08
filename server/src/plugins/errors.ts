import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { fieldsOfIssues, RetryLater, RuleViolation } from '../../../src/domain/errors.ts';
import type { ErrorCode } from '../../../src/domain/errors.ts';
import { HttpError } from '../errors.ts';
import type { ErrorBody } from '../errors.ts';
import {
  OrderNumberExhaustedError,
  OrderQuotaExceededError,
} from '../repositories/orders-repository.ts';

/** A business rule's refusal (src/domain/errors.ts) as the HTTP status that says the same. */
export const STATUS_BY_RULE: Readonly<Record<ErrorCode, number>> = {
  'invalid-argument': 400,
  unauthenticated: 401,
  'permission-denied': 403,
  'not-found': 404,
  'already-exists': 409,
  'failed-precondition': 409,
  'rate-limited': 429,
  unavailable: 503,
  internal: 500,
};

/** A spent day of order numbers (D6) is not one client's doing (D8): ask to come back soon. */
const NUMBERS_SPENT_RETRY_S = 60;

/**
 * The errors services throw, as the HttpError the client gets: rule violations keep their code,
 * message key and fields; the order limits and a spent day of numbers say when to retry.
 */
export function httpErrorOf(error: unknown): HttpError | null {
  if (error instanceof RuleViolation) {
    const fields = error.fields ? { ...error.fields } : undefined;
    const retryAfter =
      error instanceof RetryLater ? error.retryAfterSeconds : error.details?.retryAfterSeconds;
    return new HttpError(STATUS_BY_RULE[error.code], error.code, error.message, fields, {
      ...(error.details ? { details: error.details } : {}),
      // A rule that says when to try again (a code's cooldown, a lock) says it as Retry-After.
      ...(typeof retryAfter === 'number' &&
      (error.code === 'rate-limited' || error.code === 'unavailable')
        ? { retryAfterSeconds: retryAfter }
        : {}),
    });
  }
  if (error instanceof OrderQuotaExceededError) {
    return new HttpError(429, 'rate-limited', 'errors:order.limitReached', undefined, {
      retryAfterSeconds: Math.ceil(error.retryAfterMs / 1000),
    });
  }
  if (error instanceof OrderNumberExhaustedError) {
    return new HttpError(503, 'unavailable', 'errors:unavailable', undefined, {
      retryAfterSeconds: NUMBERS_SPENT_RETRY_S,
    });
  }
  return null;
}

// The statuses Fastify and its plugins produce by themselves, as the DataErrorCode names the
// client understands (src/data/port.ts): the message says what exactly went wrong.
const codeByStatus: Record<number, string> = {
  400: 'invalid-argument',
  401: 'unauthenticated',
  403: 'permission-denied',
  404: 'not-found',
  405: 'invalid-argument',
  406: 'invalid-argument',
  409: 'failed-precondition',
  411: 'invalid-argument',
  413: 'invalid-argument',
  414: 'invalid-argument',
  415: 'invalid-argument',
  416: 'invalid-argument',
  422: 'invalid-argument',
  429: 'rate-limited',
};

/**
 * A zod failure as `{ field: message }`, the first problem of each field. With the domain
 * schemas every message is a translation key ('validation:…') the client shows in its language.
 */
export function zodFields(error: ZodError): Record<string, string> {
  // The domain's reading, as every adapter's: an issue of the whole body is field `_`.
  return fieldsOfIssues(error.issues);
}

export function sendError(
  reply: FastifyReply,
  statusCode: number,
  code: string,
  message: string,
  fields?: ErrorBody['error']['fields'],
  details?: ErrorBody['error']['details'],
): FastifyReply {
  const body: ErrorBody = {
    error: { code, message, ...(fields ? { fields } : {}), ...(details ? { details } : {}) },
  };
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
  const accept = request.headers.accept ?? '';
  if (accept.includes('text/html')) return true;
  // A page's address (no file extension) asked for with `Accept: */*` is the page: the service
  // worker fetches the pages it keeps so (D26), as crawlers may. A client that names no type, or
  // only others, gets JSON.
  return accept.includes('*/*') && !/\.[A-Za-z0-9]+$/.test(path);
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

  app.setErrorHandler(async (thrown: FastifyError | Error, request, reply) => {
    const error = httpErrorOf(thrown) ?? thrown;
    if (error instanceof ZodError) {
      const message = error.issues[0]?.message ?? 'validation:common.invalid';
      return sendError(reply, 400, 'invalid-argument', message, zodFields(error));
    }

    const statusCode =
      'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (error instanceof HttpError && error.retryAfterSeconds !== undefined) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }

    if (statusCode >= 500 || statusCode < 400) {
      request.log.error({ err: error }, 'request failed');
      // A deliberate HttpError (say 503 while a dependency is down) keeps its code and message.
      if (error instanceof HttpError && statusCode >= 500) {
        return sendError(reply, statusCode, error.code, error.message);
      }
      // The database stayed locked past busy_timeout (a long backup, say): retrying may work.
      if ((error as { code?: unknown }).code === 'SQLITE_BUSY') {
        return sendError(
          reply.header('retry-after', '1'),
          503,
          'unavailable',
          'errors:unavailable',
        );
      }
      return sendError(
        reply,
        500,
        'internal',
        'Something went wrong on our side. Please try again.',
      );
    }

    if (error instanceof HttpError) {
      return sendError(reply, statusCode, error.code, error.message, error.fields, error.details);
    }
    // Fastify's schema validation (error.validation) and body parsing errors are client mistakes.
    const code = codeByStatus[statusCode] ?? 'invalid-argument';
    request.log.info({ err: error }, 'client error');
    return sendError(reply, statusCode, code, error.message);
  });
}
