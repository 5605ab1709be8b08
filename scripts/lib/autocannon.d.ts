// autocannon ships no types; this is the part of its API (its README, "API") the bench uses.
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      headers?: Record<string, string>;
      body?: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
      /** Seconds. */
      timeout?: number;
      /** Each connection loops over these; `setupRequest` may change each request before it goes. */
      requests?: {
        setupRequest?: (request: { body?: string }) => { body?: string };
      }[];
    }

    interface Histogram {
      average: number;
      mean: number;
      min: number;
      max: number;
      total: number;
      p50: number;
      p90: number;
      p99: number;
    }

    interface Result {
      /** Seconds. */
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      '2xx': number;
      '4xx': number;
      '5xx': number;
      statusCodeStats: Record<string, { count: number }>;
      /** Milliseconds. */
      latency: Histogram;
      /** Requests per one-second sample. */
      requests: Histogram & { sent: number };
    }
  }

  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
