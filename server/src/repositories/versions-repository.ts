import type Database from 'better-sqlite3';

/** One saved version of a document an admin edits as a whole (the catalog, the crews plan). */
export interface SavedVersion<T> {
  version: number;
  value: T;
  /** ISO 8601 instant it took effect. */
  createdAt: string;
  /** The email of the admin who saved it; null for the built-in first version or a deleted account. */
  createdBy: string | null;
}

interface VersionRow {
  version: number;
  value: string;
  created_at: string;
  created_by: string | null;
}

/** The tables written by migration 006: numbered JSON versions, the highest one current. */
type VersionedTable =
  | { table: 'price_catalogs'; column: 'rates' }
  | { table: 'capacity_plans'; column: 'plan' }
  | { table: 'fleets'; column: 'fleet' };

/**
 * Numbered versions of one JSON document (D11, D12). A save adds version n + 1 in its own
 * IMMEDIATE transaction, so two admins saving at once get two versions, never one lost. The
 * current version is read by its number each time (one indexed row, nothing parsed unless it
 * changed): a check inside an order's transaction always sees the version that is committed.
 */
export class VersionsRepository<T> {
  readonly #db: Database.Database;
  readonly #parse: (json: unknown) => T;
  readonly #latestVersion: Database.Statement<[], { version: number }>;
  readonly #byVersion: Database.Statement<[number], VersionRow>;
  readonly #insert: Database.Statement<[number, string, string, string | null]>;
  readonly #history: Database.Statement<[number], VersionRow>;
  #cached: SavedVersion<T> | null = null;

  /** `parse` is the domain's upcaster of the stored document (ratesFromStored, draftFromStored). */
  constructor(
    db: Database.Database,
    { table, column }: VersionedTable,
    parse: (json: unknown) => T,
  ) {
    this.#db = db;
    this.#parse = parse;
    const select = `SELECT v.version, v.${column} AS value, v.created_at, u.email AS created_by
      FROM ${table} v LEFT JOIN users u ON u.id = v.created_by`;
    this.#latestVersion = db.prepare(`SELECT MAX(version) AS version FROM ${table}`);
    this.#byVersion = db.prepare(`${select} WHERE v.version = ?`);
    this.#insert = db.prepare(
      `INSERT INTO ${table} (version, ${column}, created_at, created_by) VALUES (?, ?, ?, ?)`,
    );
    this.#history = db.prepare(`${select} ORDER BY v.version DESC LIMIT ?`);
  }

  currentVersion(): number {
    return this.#latestVersion.get()?.version ?? 0;
  }

  /** The current version, or null when none was ever saved (the fleet, D28, starts with none). */
  currentOrNull(): SavedVersion<T> | null {
    return this.currentVersion() === 0 ? null : this.current();
  }

  current(): SavedVersion<T> {
    const version = this.currentVersion();
    if (this.#cached?.version === version) return this.#cached;
    const row = this.#byVersion.get(version);
    if (!row) throw new Error(`No version ${version} saved (migration 006 writes the first)`);
    this.#cached = this.#toVersion(row);
    return this.#cached;
  }

  /** Saves `value` as the next version, effective at once. */
  save(value: T, userId: string | null, now: Date = new Date()): SavedVersion<T> {
    const add = this.#db.transaction(() => {
      const version = this.currentVersion() + 1;
      this.#insert.run(version, JSON.stringify(value), now.toISOString(), userId);
      return version;
    });
    const version = add.immediate();
    return this.#toVersion(this.#byVersion.get(version)!);
  }

  /** The newest versions first. */
  history(limit = 50): SavedVersion<T>[] {
    return this.#history.all(limit).map((row) => this.#toVersion(row));
  }

  #toVersion(row: VersionRow): SavedVersion<T> {
    return {
      version: row.version,
      value: this.#parse(JSON.parse(row.value)),
      createdAt: row.created_at,
      createdBy: row.created_by,
    };
  }
}
