/**
 * A tiny in-process publish/subscribe channel. One server process owns the SQLite file, so
 * "something changed" never needs to cross a process boundary; a deployment that outgrows one
 * machine moves to Firestore (D1), which has its own live queries.
 */
export class Topic<T> {
  readonly #listeners = new Set<(value: T) => void>();

  /** Returns the function that removes the listener. */
  subscribe(listener: (value: T) => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** A listener that throws (a closed socket) must not keep the others from hearing the news. */
  publish(value: T): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(value);
      } catch {
        this.#listeners.delete(listener);
      }
    }
  }

  get size(): number {
    return this.#listeners.size;
  }
}
