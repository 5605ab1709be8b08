/**
 * An error a route throws on purpose: its status, code and message reach the client as
 * `{ "error": { "code", "message" } }`. Anything else that is thrown becomes a logged 500.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string;
  /** Field → translation key, for 400 invalid-argument. */
  readonly fields: Record<string, string> | undefined;
  /** Sent as Retry-After with a 429 or 503: when trying again can work. */
  readonly retryAfterSeconds: number | undefined;
  /** A rule's details for the screen (the new total, the next free windows). */
  readonly details: Readonly<Record<string, unknown>> | undefined;

  constructor(
    statusCode: number,
    code: string,
    message: string,
    fields?: Record<string, string>,
    options: { retryAfterSeconds?: number; details?: Readonly<Record<string, unknown>> } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.code = code;
    this.fields = fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details = options.details;
  }
}

export interface ErrorBody {
  error: {
    code: string;
    message: string;
    fields?: Record<string, string>;
    details?: Readonly<Record<string, unknown>>;
  };
}
