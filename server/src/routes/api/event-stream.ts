import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Below the 30-60 s idle timeouts of common proxies and load balancers. */
export const SSE_HEARTBEAT_MS = 25_000;
/** A client that stops reading is dropped before its unsent events pile up in memory. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** One server-sent event: its name and JSON data. */
export function sseEvent(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** One open stream. */
export interface LiveStream {
  /** Sends `chunk` (an event, a comment); nothing once the stream has ended. */
  write(chunk: string): void;
  /** Ends the stream from our side (to give its place to another client). */
  close(): void;
}

export interface EventStreams {
  /** Streams open now. */
  readonly size: number;
  /**
   * Takes over `reply` as a text/event-stream and returns the stream. `onClose` runs once, when
   * the client goes away, the stream is closed or the server shuts down.
   */
  open(reply: FastifyReply, onClose: () => void): LiveStream;
}

/**
 * Server-sent event streams of one route group (the reviews carousel, the admin desk): their
 * headers, a heartbeat, a cap on what a slow reader may leave unsent, and an end at shutdown.
 */
export function eventStreams(
  app: FastifyInstance,
  options: { heartbeatMs?: number } = {},
): EventStreams {
  const streams = new Set<ServerResponse>();
  const heartbeatMs = options.heartbeatMs ?? SSE_HEARTBEAT_MS;

  // An open stream never ends by itself; without this, shutdown would wait for every visitor
  // to leave. preClose runs before the HTTP server stops accepting and waits for connections.
  // Ending the response is not enough: the client would keep the idle socket open for reuse,
  // and the server's close() waits for it.
  app.addHook('preClose', async () => {
    for (const stream of streams) {
      // The response lets go of its socket when it finishes, so hold on to it here.
      const socket = stream.socket;
      stream.once('finish', () => socket?.destroy());
      stream.end();
    }
    streams.clear();
  });

  return {
    get size() {
      return streams.size;
    },
    open(reply, onClose) {
      // From here on we write to the socket ourselves, so Fastify's reply (and compression,
      // which would buffer events) stays out of it. Headers set by earlier hooks (security,
      // cookies) are carried over.
      reply.hijack();
      const res = reply.raw;
      const earlier = Object.entries(reply.getHeaders()).filter(
        (entry): entry is [string, string | number | string[]] => entry[1] !== undefined,
      );
      res.writeHead(200, {
        ...Object.fromEntries(earlier),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      });
      streams.add(res);

      const write = (chunk: string) => {
        if (res.writableEnded) return;
        if (res.writableLength > MAX_BUFFERED_BYTES) {
          res.end();
          return;
        }
        res.write(chunk);
      };
      // A browser's EventSource reconnects on its own; tell it not to hammer us when it does.
      write('retry: 5000\n\n');
      const heartbeat = setInterval(() => write(': heartbeat\n\n'), heartbeatMs);
      heartbeat.unref();

      // The response's 'close' fires when the client goes away (or we end it). The request's
      // own 'close' is no use here: it fires as soon as the request body has been read.
      res.on('close', () => {
        clearInterval(heartbeat);
        streams.delete(res);
        onClose();
      });
      return {
        write,
        close: () => {
          // The client's EventSource reconnects after `retry`; the route decides then.
          if (!res.writableEnded) res.end();
        },
      };
    },
  };
}
