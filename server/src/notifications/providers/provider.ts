import type { NotificationMessage, SendOutcome } from '../../../../src/domain/notifications.ts';

/** One message as a provider sends it: the template and its values, and the rendered text. */
export type OutgoingMessage = Pick<
  NotificationMessage,
  'id' | 'recipient' | 'channel' | 'address' | 'template' | 'language' | 'body'
> & {
  /** The same on every try of this message: a provider that honours it sends the message once. */
  idempotencyKey: string;
  /** parameter name → its text, in the message's language. */
  params: Record<string, string>;
  /** Email only. */
  subject: string;
};

/**
 * The one seam every provider sits behind (D10). `send` resolves with the outcome, never
 * rejects: a network error, a timeout (`signal`) or a refusal is an outcome that says whether
 * trying again can help.
 */
export interface NotificationProvider {
  /** What the outbox records as the message's provider: `log`, `whatsapp`, `sms`, `email`. */
  readonly name: string;
  send(message: OutgoingMessage, signal: AbortSignal): Promise<SendOutcome>;
  close?(): Promise<void>;
}

/** A minimal logger, so providers need no Fastify (pino, console and tests all fit). */
export interface ProviderLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/** `+2010••••5678`: enough for an operator to tell messages apart, not a full number in logs. */
export function maskAddress(address: string): string {
  const at = address.indexOf('@');
  if (at > 0) return `${address.slice(0, 1)}•••${address.slice(at)}`;
  if (address.length <= 8) return '•'.repeat(address.length);
  return `${address.slice(0, 5)}${'•'.repeat(address.length - 9)}${address.slice(-4)}`;
}

/**
 * A provider's refusal as the admin reads it: `HTTP 400: code 132001: its message`. An answer
 * that looked fine but lacked the message's id says so.
 */
export function refusal(
  status: number,
  code: number | null,
  ...details: (string | null | undefined)[]
): SendOutcome & { ok: false } {
  const text = [`HTTP ${status}`, code !== null ? `code ${code}` : null, ...details]
    .filter(Boolean)
    .join(': ');
  return {
    ok: false,
    retry: false,
    error: status >= 200 && status < 300 ? `${text}: no message id in the answer` : text,
  };
}

/** Why a request could not be completed, for the admin's "last error". */
function networkError(error: unknown, signal: AbortSignal): SendOutcome {
  if (signal.aborted) return { ok: false, retry: true, error: 'timed out' };
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const detail = cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
  return { ok: false, retry: true, error: `network error: ${detail}` };
}

/**
 * POSTs to a provider's HTTP API and reads its JSON answer. Timeouts and network errors can be
 * tried again; so can 408, 429 and 5xx. `judge` reads any other answer.
 */
export async function postToProvider(
  url: string,
  init: { headers: Record<string, string>; body: string },
  signal: AbortSignal,
  judge: (status: number, answer: unknown) => SendOutcome,
): Promise<SendOutcome> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', ...init, signal, redirect: 'error' });
  } catch (error) {
    return networkError(error, signal);
  }
  let answer: unknown = null;
  try {
    const text = await response.text();
    answer = text === '' ? null : (JSON.parse(text) as unknown);
  } catch (error) {
    if (signal.aborted) return networkError(error, signal);
    answer = null;
  }
  if (response.status === 408 || response.status === 429 || response.status >= 500) {
    const verdict = judge(response.status, answer);
    return verdict.ok ? verdict : { ...verdict, retry: true };
  }
  return judge(response.status, answer);
}
