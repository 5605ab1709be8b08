import type { EventSourceConstructor, EventSourceLike } from '../../src/data/http/http-adapter';

const CONNECTING = 0;
const OPEN = 1;
const CLOSED = 2;

/**
 * A small EventSource for Node (which has none before v22), built on fetch streaming, so the
 * contract suite exercises the real `/api/reviews/stream` instead of the polling fallback. Like
 * the browser's: it dispatches named events, honours `retry:`, reconnects after a dropped
 * stream, and gives up (CLOSED) on an answer that is not an event stream.
 */
export function eventSourceWith(fetchImpl: typeof globalThis.fetch): EventSourceConstructor {
  return class FetchEventSource extends EventTarget implements EventSourceLike {
    readyState = CONNECTING;
    private readonly controller = new AbortController();
    private retryMs = 1000;

    constructor(readonly url: string) {
      super();
      void this.connect();
    }

    close(): void {
      this.readyState = CLOSED;
      this.controller.abort();
    }

    private fail(reconnect: boolean): void {
      if (this.readyState === CLOSED) return;
      this.readyState = reconnect ? CONNECTING : CLOSED;
      this.dispatchEvent(new Event('error'));
      if (reconnect && this.readyState === CONNECTING) {
        setTimeout(() => {
          if (this.readyState === CONNECTING) void this.connect();
        }, this.retryMs);
      }
    }

    private async connect(): Promise<void> {
      let response: Response;
      try {
        response = await fetchImpl(this.url, {
          headers: { accept: 'text/event-stream' },
          signal: this.controller.signal,
        });
      } catch {
        this.fail(true);
        return;
      }
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || !type.startsWith('text/event-stream') || !response.body) {
        await response.body?.cancel().catch(() => {});
        this.fail(false);
        return;
      }
      this.readyState = OPEN;
      this.dispatchEvent(new Event('open'));

      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end: number;
          while ((end = buffer.search(/\r?\n\r?\n/)) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
            this.dispatchBlock(block);
          }
        }
      } catch {
        // Aborted by close(), or the connection dropped: both end up below.
      }
      this.fail(true);
    }

    private dispatchBlock(block: string): void {
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split(/\r?\n/)) {
        if (line === '' || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
        else if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
      }
      if (data.length === 0 || this.readyState === CLOSED) return;
      this.dispatchEvent(new MessageEvent(event, { data: data.join('\n') }));
    }
  };
}
