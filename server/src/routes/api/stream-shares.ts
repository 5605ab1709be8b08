/** How many live streams a pool gives out in all, and to one client (D8). */
export interface StreamLimits {
  total: number;
  /** A few tabs of one browser. */
  perSession: number;
  /** A household or an office behind one address (an IPv6 /64). */
  perAddress: number;
}

/** Whether a stream may open, and which stream must be closed first to make room for it. */
export type Admission<S> =
  { open: true; evict: S | null } | { open: false; reason: 'client' | 'full' };

interface Holder {
  session: string | undefined;
  address: string;
  /** Opening order across the pool: the lower, the older. */
  seq: number;
}

/**
 * The streams of one pool and who holds them, with the rule that decides the next one (D8):
 *
 * 1. A session or an address at its own limit is refused ('client').
 * 2. Below the total, the stream opens.
 * 3. When the pool is full, the address holding the most streams gives up its oldest one to a
 *    newcomer that holds at least two fewer; otherwise the newcomer is refused ('full'). Among
 *    addresses holding equally many, the one whose oldest stream is oldest gives.
 *
 * So the pool tends to an equal share per address: however many addresses a group controls, it
 * can only keep a newcomer out by holding a single stream from each of `total` addresses. The
 * stream given up goes to an address holding fewer, so a refused or evicted client cannot take
 * it back by reconnecting, and streams never change hands in a circle.
 */
export class StreamShares<S> {
  readonly #limits: StreamLimits;
  readonly #holders = new Map<S, Holder>();
  readonly #bySession = new Map<string, number>();
  /** Each address's streams, oldest first (a Set keeps insertion order). */
  readonly #byAddress = new Map<string, Set<S>>();
  #seq = 0;

  constructor(limits: StreamLimits) {
    this.#limits = limits;
  }

  /** Streams open now. */
  get size(): number {
    return this.#holders.size;
  }

  /** Streams `address` holds now. */
  heldBy(address: string): number {
    return this.#byAddress.get(address)?.size ?? 0;
  }

  admit(session: string | undefined, address: string): Admission<S> {
    const { total, perSession, perAddress } = this.#limits;
    const mine = this.heldBy(address);
    if (session !== undefined && (this.#bySession.get(session) ?? 0) >= perSession) {
      return { open: false, reason: 'client' };
    }
    if (mine >= perAddress) return { open: false, reason: 'client' };
    if (this.size < total) return { open: true, evict: null };
    const largest = this.#largestShare();
    if (largest !== null && largest.size >= mine + 2) {
      const oldest = largest.values().next();
      if (!oldest.done) return { open: true, evict: oldest.value };
    }
    return { open: false, reason: 'full' };
  }

  add(stream: S, session: string | undefined, address: string): void {
    if (this.#holders.has(stream)) return;
    this.#seq += 1;
    this.#holders.set(stream, { session, address, seq: this.#seq });
    if (session !== undefined)
      this.#bySession.set(session, (this.#bySession.get(session) ?? 0) + 1);
    let streams = this.#byAddress.get(address);
    if (!streams) {
      streams = new Set();
      this.#byAddress.set(address, streams);
    }
    streams.add(stream);
  }

  /** Forgets `stream`; a second call (its close after an eviction) changes nothing. */
  remove(stream: S): void {
    const holder = this.#holders.get(stream);
    if (!holder) return;
    this.#holders.delete(stream);
    if (holder.session !== undefined) {
      const left = (this.#bySession.get(holder.session) ?? 0) - 1;
      if (left > 0) this.#bySession.set(holder.session, left);
      else this.#bySession.delete(holder.session);
    }
    const streams = this.#byAddress.get(holder.address);
    streams?.delete(stream);
    if (streams?.size === 0) this.#byAddress.delete(holder.address);
  }

  /** The streams of the address holding the most (ties: the oldest first stream). */
  #largestShare(): Set<S> | null {
    let largest: Set<S> | null = null;
    let largestSeq = Infinity;
    for (const streams of this.#byAddress.values()) {
      const first = streams.values().next();
      if (first.done) continue;
      const seq = this.#holders.get(first.value)?.seq ?? Infinity;
      if (largest === null || streams.size > largest.size) {
        largest = streams;
        largestSeq = seq;
      } else if (streams.size === largest.size && seq < largestSeq) {
        largest = streams;
        largestSeq = seq;
      }
    }
    return largest;
  }
}
