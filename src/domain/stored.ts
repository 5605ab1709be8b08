// Reading back what an older version of this code stored (docs/architecture.md, "Stored data
// ages well"). Each stored shape has one upcaster, next to its type: `ratesFromStored`
// (pricing.ts), `draftFromStored` (capacity.ts), `orderFromStored` (order.ts),
// `outboxMessageFromStored` (notifications.ts), like `contactMessageOf` and `reviewStateOf`
// before them. Every backend and the memory adapter read that shape through it. These are the
// helpers they share. No zod: a reader needs no input schema, and the admin's schema may grow
// stricter than what an older version saved.
//
// The rule: a field that is missing (or null) was stored before it existed and takes the code's
// default; a field that is there but of the wrong kind is not old data but broken data, and
// throws StoredDataError (a server error, never a silent price of NaN).

/** Stored data no version of this code could have written. */
export class StoredDataError extends Error {
  constructor(what: string, path: string, problem: string) {
    super(`Stored ${what}: ${path} ${problem}`);
    this.name = 'StoredDataError';
  }
}

export function isMissing(value: unknown): value is null | undefined {
  return value === undefined || value === null;
}

/** A stored object's fields; missing: `{}`. */
export function storedObject(value: unknown, what: string, path: string): Record<string, unknown> {
  if (isMissing(value)) return {};
  if (typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  throw new StoredDataError(what, path, 'is not an object');
}

/** A stored number; missing: `fallback`. */
export function storedNumber(value: unknown, fallback: number, what: string, path: string): number {
  if (isMissing(value)) return fallback;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw new StoredDataError(what, path, 'is not a number');
}

/** A stored number that every version stored: missing is broken data too. */
export function storedCount(value: unknown, what: string, path: string): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw new StoredDataError(what, path, 'is not a number');
}

/** A stored string that every version stored: missing is broken data too. */
export function storedString(value: unknown, what: string, path: string): string {
  if (typeof value === 'string') return value;
  throw new StoredDataError(what, path, 'is not a string');
}

/** A stored list; missing: empty. */
export function storedArray(value: unknown, what: string, path: string): unknown[] {
  if (isMissing(value)) return [];
  if (Array.isArray(value)) return value;
  throw new StoredDataError(what, path, 'is not a list');
}
