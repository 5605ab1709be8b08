/**
 * Refused payment callbacks, logged in aggregate (D18): the first refusal after a quiet spell is
 * one warning at once, with its reason; the ones that follow within `windowMs` are counted, and
 * one warning at the end of the window says how many, by reason. So a thousand forged callbacks
 * are two warning lines, not a thousand, while a single refusal (a misconfigured HMAC secret)
 * is still seen at once. No Fastify here: the hosted build's callback function counts the same
 * way, per instance.
 */
export interface RefusalLogSink {
  warn(details: object, message: string): void;
}

export interface RefusalLogOptions {
  windowMs?: number;
  now?: () => number;
}

export class RefusalLog {
  readonly #sink: RefusalLogSink;
  readonly #windowMs: number;
  readonly #now: () => number;
  #since: number | null = null;
  #counts = new Map<string, number>();
  #timer: NodeJS.Timeout | undefined;

  constructor(sink: RefusalLogSink, options: RefusalLogOptions = {}) {
    this.#sink = sink;
    this.#windowMs = options.windowMs ?? 60_000;
    this.#now = options.now ?? Date.now;
  }

  /** One refused callback, for `reason` (signature, format, rate-limited, …). */
  refused(reason: string, details: object = {}): void {
    const now = this.#now();
    if (this.#since !== null && now - this.#since >= this.#windowMs) this.flush();
    if (this.#since === null) {
      this.#since = now;
      this.#sink.warn({ reason, ...details }, 'payment callback refused');
      this.#timer = setTimeout(() => this.flush(), this.#windowMs);
      this.#timer.unref?.();
      return;
    }
    this.#counts.set(reason, (this.#counts.get(reason) ?? 0) + 1);
  }

  /** Says how many were refused since the first one, if any more were, and starts afresh. */
  flush(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#since !== null && this.#counts.size > 0) {
      const refused = Object.fromEntries(this.#counts);
      const total = [...this.#counts.values()].reduce((a, b) => a + b, 0);
      this.#sink.warn(
        { refused, total, since: new Date(this.#since).toISOString() },
        'payment callbacks refused since the last warning',
      );
    }
    this.#since = null;
    this.#counts = new Map();
  }
}
