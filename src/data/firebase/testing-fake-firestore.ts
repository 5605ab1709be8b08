// In-process fakes of the three Firebase SDK modules the adapter imports (firebase/app,
// firebase/auth, firebase/firestore), for firebase-adapter.node.test.ts only: the Firestore
// emulator cannot run on every machine (Java 21 and a downloaded JAR), so the adapter's own
// decisions around Firestore are exercised against these instead.
//
// They implement only what the adapter calls, and behave as the SDK does where the adapter could
// notice (checked against @firebase/firestore's sources): document paths must have an even number
// of segments, `undefined` values and server timestamps inside arrays are refused, updates of
// missing documents fail, transactions read before they write, commit atomically and re-run their
// callback when a document they read changed meanwhile, queries without an order come back by
// document id, `orderBy` leaves out documents without the field. Security rules are NOT modelled
// (tests/rules/ and tests/unit/firestore-rules.test.ts cover them); a test injects a rule's
// refusal with `backend.failWrites` / `backend.failReads`.
//
// Time is `Date.now()`, so tests move the clock with vi.setSystemTime; server timestamps are the
// clock plus `backend.serverClockOffsetMs`.

// ---------------------------------------------------------------------------------------------
// firebase/app

/** The SDK's error class: Firestore and Auth errors are instances of it, with a `code`. */
export class FirebaseError extends Error {
  readonly code: string;

  constructor(code: string, message: string = code) {
    super(message);
    this.code = code;
    this.name = 'FirebaseError';
  }
}

export interface FakeApp {
  name: string;
  options: Record<string, unknown>;
  auth?: FakeAuth;
}

function initializeApp(options: Record<string, unknown>, name = '[DEFAULT]'): FakeApp {
  return { name, options };
}

// ---------------------------------------------------------------------------------------------
// firebase/auth

export interface FakeUser {
  uid: string;
  isAnonymous: boolean;
  email: string | null;
  getIdToken(forceRefresh?: boolean): Promise<string>;
  getIdTokenResult(): Promise<{ claims: Record<string, unknown> }>;
}

/** A signed-in user as the SDK hands it to the adapter; the test decides its claims. */
export function fakeUser(options: {
  uid: string;
  email?: string;
  claims?: Record<string, unknown>;
}): FakeUser {
  const claims = { ...options.claims };
  return {
    uid: options.uid,
    isAnonymous: options.email === undefined,
    email: options.email ?? null,
    getIdToken: async () => `token-of-${options.uid}`,
    getIdTokenResult: async () => ({ claims }),
  };
}

/** One app's auth state: `currentUser` is whoever the test signed in. */
export class FakeAuth {
  currentUser: FakeUser | null = null;

  async authStateReady(): Promise<void> {}
}

function getAuth(app: FakeApp): FakeAuth {
  app.auth ??= new FakeAuth();
  return app.auth;
}

function notFaked(name: string) {
  return () => {
    throw new Error(`${name} is not faked: the auth half runs against the Auth emulator`);
  };
}

// ---------------------------------------------------------------------------------------------
// Values

export class Timestamp {
  constructor(
    readonly seconds: number,
    readonly nanoseconds: number,
  ) {}

  static now(): Timestamp {
    return Timestamp.fromMillis(Date.now());
  }

  static fromMillis(ms: number): Timestamp {
    const seconds = Math.floor(ms / 1000);
    return new Timestamp(seconds, Math.round((ms - seconds * 1000) * 1e6));
  }

  static fromDate(date: Date): Timestamp {
    return Timestamp.fromMillis(date.getTime());
  }

  toMillis(): number {
    return this.seconds * 1000 + this.nanoseconds / 1e6;
  }

  toDate(): Date {
    return new Date(this.toMillis());
  }

  isEqual(other: Timestamp): boolean {
    return this.seconds === other.seconds && this.nanoseconds === other.nanoseconds;
  }

  toJSON(): { seconds: number; nanoseconds: number } {
    return { seconds: this.seconds, nanoseconds: this.nanoseconds };
  }
}

class ServerTimestamp {}

function serverTimestamp(): ServerTimestamp {
  return new ServerTimestamp();
}

export type Data = Record<string, unknown>;

function isPlainObject(value: unknown): value is Data {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** What Firestore stores for a value written by the client (the SDK's refusals included). */
function toStored(value: unknown, serverNow: Timestamp, inArray: boolean): unknown {
  if (value === undefined) {
    throw new FirebaseError('invalid-argument', 'Unsupported field value: undefined');
  }
  if (value instanceof ServerTimestamp) {
    if (inArray) {
      throw new FirebaseError(
        'invalid-argument',
        'serverTimestamp() is not currently supported inside arrays',
      );
    }
    return serverNow;
  }
  if (value instanceof Timestamp) return value;
  if (value instanceof Date) return Timestamp.fromDate(value);
  if (Array.isArray(value)) {
    if (inArray) throw new FirebaseError('invalid-argument', 'Nested arrays are not supported');
    return value.map((item) => toStored(item, serverNow, true));
  }
  if (isPlainObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, toStored(item, serverNow, false)]),
    );
  }
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return value;
  throw new FirebaseError('invalid-argument', `Unsupported field value: ${String(value)}`);
}

/** Reads hand out copies, so a caller changing a result does not change the store. */
function copy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copy) as T;
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v)])) as T;
  }
  return value;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Timestamp && b instanceof Timestamp) return a.isEqual(b);
  return a === b;
}

const TYPE_ORDER = ['null', 'boolean', 'number', 'timestamp', 'string'];

function typeRank(value: unknown): number {
  if (value === null) return 0;
  if (value instanceof Timestamp) return 3;
  return TYPE_ORDER.indexOf(typeof value);
}

function compareValues(a: unknown, b: unknown): number {
  const rank = typeRank(a) - typeRank(b);
  if (rank !== 0) return rank;
  const x = a instanceof Timestamp ? a.toMillis() : (a as number | string | boolean);
  const y = b instanceof Timestamp ? b.toMillis() : (b as number | string | boolean);
  return x < y ? -1 : x > y ? 1 : 0;
}

// ---------------------------------------------------------------------------------------------
// References, snapshots, queries

interface FakeFirestore {
  kind: 'firestore';
  app: FakeApp;
}

export interface CollectionRef {
  kind: 'collection';
  id: string;
  path: string;
}

export interface DocRef {
  kind: 'document';
  id: string;
  path: string;
  parent: CollectionRef;
}

type Constraint =
  | { kind: 'where'; field: string; value: unknown }
  | { kind: 'orderBy'; field: string; direction: 'asc' | 'desc' }
  | { kind: 'limit'; count: number };

interface Query {
  kind: 'query';
  collection: CollectionRef;
  constraints: Constraint[];
}

function segmentsOf(parts: string[]): string[] {
  const segments: string[] = [];
  for (const part of parts) {
    if (part.includes('//')) {
      throw new FirebaseError('invalid-argument', `Invalid segment (${part}).`);
    }
    segments.push(...part.split('/').filter((segment) => segment.length > 0));
  }
  return segments;
}

function collectionRef(segments: string[]): CollectionRef {
  if (segments.length % 2 !== 1) {
    throw new FirebaseError(
      'invalid-argument',
      `Invalid collection reference: ${segments.join('/')} has ${segments.length} segments.`,
    );
  }
  return { kind: 'collection', id: segments[segments.length - 1]!, path: segments.join('/') };
}

function docRef(segments: string[]): DocRef {
  if (segments.length === 0 || segments.length % 2 !== 0) {
    throw new FirebaseError(
      'invalid-argument',
      `Invalid document reference: ${segments.join('/')} has ${segments.length} segments.`,
    );
  }
  return {
    kind: 'document',
    id: segments[segments.length - 1]!,
    path: segments.join('/'),
    parent: collectionRef(segments.slice(0, -1)),
  };
}

let autoIds = 0;

/** Like the SDK's 20-character ids; a counter, so `Math.random` stays the test's to control. */
function autoId(): string {
  autoIds += 1;
  return `auto${String(autoIds).padStart(16, '0')}`;
}

function requireNonEmpty(name: string, path: unknown): void {
  if (typeof path !== 'string' || path === '') {
    throw new FirebaseError(
      'invalid-argument',
      `Function ${name}() cannot be called with an empty path.`,
    );
  }
}

function collection(
  parent: FakeFirestore | DocRef,
  path: string,
  ...more: string[]
): CollectionRef {
  requireNonEmpty('collection', path);
  const base = parent.kind === 'document' ? [parent.path] : [];
  return collectionRef(segmentsOf([...base, path, ...more]));
}

function doc(parent: FakeFirestore | CollectionRef, ...path: string[]): DocRef {
  const parts = path.length === 0 ? [autoId()] : path;
  requireNonEmpty('doc', parts[0]);
  const base = parent.kind === 'collection' ? [parent.path] : [];
  return docRef(segmentsOf([...base, ...parts]));
}

function query(base: CollectionRef | Query, ...constraints: Constraint[]): Query {
  return base.kind === 'query'
    ? { ...base, constraints: [...base.constraints, ...constraints] }
    : { kind: 'query', collection: base, constraints };
}

function where(field: string, op: string, value: unknown): Constraint {
  if (op !== '==') throw new Error(`fake where(): only '==' is implemented, not '${op}'`);
  return { kind: 'where', field, value };
}

function orderBy(field: string, direction: 'asc' | 'desc' = 'asc'): Constraint {
  return { kind: 'orderBy', field, direction };
}

function limit(count: number): Constraint {
  return { kind: 'limit', count };
}

export class DocSnapshot {
  readonly id: string;

  constructor(
    readonly ref: DocRef,
    private readonly stored: Data | undefined,
  ) {
    this.id = ref.id;
  }

  exists(): boolean {
    return this.stored !== undefined;
  }

  /** Options (`serverTimestamps`) change nothing: the fake's writes are acknowledged at once. */
  data(_options?: unknown): Data | undefined {
    return this.stored === undefined ? undefined : copy(this.stored);
  }
}

export interface QuerySnapshot {
  docs: DocSnapshot[];
  size: number;
  empty: boolean;
}

// ---------------------------------------------------------------------------------------------
// The backend: what the server holds

export type WriteKind = 'set' | 'update' | 'delete';

export interface Write {
  kind: WriteKind;
  path: string;
  data?: Data;
}

interface Listener {
  target: Query;
  next: (snapshot: QuerySnapshot) => void;
  error: ((error: FirebaseError) => void) | undefined;
  last: string | undefined;
}

type WriteFailure = { matches: (write: Write) => boolean; code: string };
type ReadFailure = { matches: (path: string) => boolean; code: string };

export class FakeFirestoreBackend {
  /** Server timestamps are the client's clock plus this (a server ahead of the browser: > 0). */
  serverClockOffsetMs = 0;
  /** Every commit that was applied, in order: the writes that went to the server together. */
  readonly commits: Write[][] = [];
  /** Transaction callbacks run (a transaction that lost a race runs its callback again). */
  transactionRuns = 0;
  /** Every query that reached the server. */
  readonly queries: { collection: string; constraints: Constraint[] }[] = [];
  private readonly documents = new Map<string, { data: Data; version: number }>();
  private readonly listeners = new Set<Listener>();
  private writeFailures: WriteFailure[] = [];
  private readFailures: ReadFailure[] = [];
  private version = 0;

  reset(): void {
    this.serverClockOffsetMs = 0;
    this.commits.length = 0;
    this.transactionRuns = 0;
    this.queries.length = 0;
    this.documents.clear();
    this.listeners.clear();
    this.writeFailures = [];
    this.readFailures = [];
  }

  serverNow(): Timestamp {
    return Timestamp.fromMillis(Date.now() + this.serverClockOffsetMs);
  }

  /** Puts a document in place as if written earlier (no failure injection, no commit logged). */
  seed(path: string, data: Data): void {
    const ref = docRef(segmentsOf([path]));
    this.version += 1;
    this.documents.set(ref.path, {
      data: toStored(data, this.serverNow(), false) as Data,
      version: this.version,
    });
  }

  /** A stored document as the server holds it, or undefined. */
  read(path: string): Data | undefined {
    const entry = this.documents.get(path);
    return entry ? copy(entry.data) : undefined;
  }

  /** Ids of the documents directly in a collection. */
  ids(collectionPath: string): string[] {
    return this.inCollection(collectionPath).map(([path]) => path.split('/').pop()!);
  }

  /** The next writes matching `matches` are refused with `code`, as a rule's refusal would be. */
  failWrites(matches: (write: Write) => boolean, code = 'permission-denied'): void {
    this.writeFailures.push({ matches, code });
  }

  /** Reads of documents or collections whose path matches fail with `code`. */
  failReads(matches: (path: string) => boolean, code = 'permission-denied'): void {
    this.readFailures.push({ matches, code });
  }

  // --- used by the fake SDK ---------------------------------------------------------------

  checkRead(path: string): void {
    const failure = this.readFailures.find((f) => f.matches(path));
    if (failure) throw new FirebaseError(failure.code, `fake: read of ${path} refused`);
  }

  versionOf(path: string): number {
    return this.documents.get(path)?.version ?? 0;
  }

  snapshot(ref: DocRef): DocSnapshot {
    this.checkRead(ref.path);
    return new DocSnapshot(ref, this.documents.get(ref.path)?.data);
  }

  run(target: Query): QuerySnapshot {
    this.checkRead(target.collection.path);
    this.queries.push({ collection: target.collection.path, constraints: target.constraints });
    let rows = this.inCollection(target.collection.path).map(([path, entry]) => ({
      id: path.split('/').pop()!,
      path,
      data: entry.data,
    }));
    const orders: { field: string; direction: 'asc' | 'desc' }[] = [];
    let count = Infinity;
    for (const constraint of target.constraints) {
      if (constraint.kind === 'where') {
        rows = rows.filter(
          (row) =>
            constraint.field in row.data && sameValue(row.data[constraint.field], constraint.value),
        );
      } else if (constraint.kind === 'orderBy') {
        // Firestore leaves out documents that lack an ordered field.
        rows = rows.filter((row) => constraint.field in row.data);
        orders.push(constraint);
      } else {
        count = constraint.count;
      }
    }
    // Ties (and queries without an order) go by document id, in the last order's direction.
    const idDirection = orders.at(-1)?.direction === 'desc' ? -1 : 1;
    rows.sort((a, b) => {
      for (const { field, direction } of orders) {
        const c = compareValues(a.data[field], b.data[field]) * (direction === 'desc' ? -1 : 1);
        if (c !== 0) return c;
      }
      return (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) * idDirection;
    });
    const docs = rows
      .slice(0, count)
      .map((row) => new DocSnapshot(docRef(segmentsOf([row.path])), row.data));
    return { docs, size: docs.length, empty: docs.length === 0 };
  }

  /**
   * Applies `writes` all together or not at all. `reads` (path → version seen) are a
   * transaction's: if one of those documents changed since, the commit is aborted.
   */
  commit(writes: Write[], reads: Map<string, number> = new Map()): void {
    for (const [path, seen] of reads) {
      if (this.versionOf(path) !== seen) {
        throw new FirebaseError('aborted', `fake: ${path} changed during the transaction`);
      }
    }
    for (const write of writes) {
      const failure = this.writeFailures.find((f) => f.matches(write));
      if (failure) {
        throw new FirebaseError(failure.code, `fake: ${write.kind} of ${write.path} refused`);
      }
    }
    const now = this.serverNow();
    const next = new Map(this.documents);
    for (const write of writes) {
      const current = next.get(write.path);
      if (write.kind === 'delete') {
        next.delete(write.path);
        continue;
      }
      const data = toStored(write.data, now, false) as Data;
      if (write.kind === 'update' && !current) {
        throw new FirebaseError('not-found', `No document to update: ${write.path}`);
      }
      this.version += 1;
      next.set(write.path, {
        data: write.kind === 'update' ? { ...current!.data, ...data } : data,
        version: this.version,
      });
    }
    this.documents.clear();
    for (const [path, entry] of next) this.documents.set(path, entry);
    this.commits.push(writes.map((write) => ({ ...write })));
    this.notify();
  }

  listen(listener: Omit<Listener, 'last'>): () => void {
    const entry: Listener = { ...listener, last: undefined };
    this.listeners.add(entry);
    queueMicrotask(() => this.deliver(entry));
    return () => this.listeners.delete(entry);
  }

  private notify(): void {
    for (const listener of this.listeners) queueMicrotask(() => this.deliver(listener));
  }

  /** Like the SDK: a first snapshot, then one whenever the result changed. */
  private deliver(listener: Listener): void {
    if (!this.listeners.has(listener)) return;
    let snapshot: QuerySnapshot;
    try {
      snapshot = this.run(listener.target);
    } catch (error) {
      this.listeners.delete(listener);
      if (error instanceof FirebaseError) listener.error?.(error);
      return;
    }
    const key = JSON.stringify(snapshot.docs.map((d) => [d.id, d.data()]));
    if (key === listener.last) return;
    listener.last = key;
    listener.next(snapshot);
  }

  private inCollection(collectionPath: string): [string, { data: Data; version: number }][] {
    const depth = collectionPath.split('/').length + 1;
    return [...this.documents].filter(
      ([path]) => path.startsWith(`${collectionPath}/`) && path.split('/').length === depth,
    );
  }
}

export const backend = new FakeFirestoreBackend();

// ---------------------------------------------------------------------------------------------
// firebase/firestore

function checkData(name: string, data: unknown): Data {
  if (!isPlainObject(data)) {
    throw new FirebaseError('invalid-argument', `Function ${name}() called with invalid data.`);
  }
  // The SDK refuses bad values when the write is made, not when it is sent.
  toStored(data, Timestamp.fromMillis(0), false);
  for (const key of Object.keys(data)) {
    if (name.includes('update') && key.includes('.')) {
      throw new Error(`fake ${name}(): field paths ("${key}") are not implemented`);
    }
  }
  return data;
}

function getFirestore(app: FakeApp): FakeFirestore {
  return { kind: 'firestore', app };
}

async function getDoc(ref: DocRef): Promise<DocSnapshot> {
  return backend.snapshot(ref);
}

async function getDocs(target: Query | CollectionRef): Promise<QuerySnapshot> {
  return backend.run(target.kind === 'query' ? target : query(target));
}

async function setDoc(ref: DocRef, data: Data, options?: unknown): Promise<void> {
  if (options !== undefined) throw new Error('fake setDoc(): options are not implemented');
  backend.commit([{ kind: 'set', path: ref.path, data: checkData('setDoc', data) }]);
}

async function addDoc(parent: CollectionRef, data: Data): Promise<DocRef> {
  const ref = doc(parent);
  backend.commit([{ kind: 'set', path: ref.path, data: checkData('addDoc', data) }]);
  return ref;
}

async function updateDoc(ref: DocRef, data: Data): Promise<void> {
  backend.commit([{ kind: 'update', path: ref.path, data: checkData('updateDoc', data) }]);
}

async function deleteDoc(ref: DocRef): Promise<void> {
  backend.commit([{ kind: 'delete', path: ref.path }]);
}

function writeBatch(_db: FakeFirestore) {
  const writes: Write[] = [];
  let committed = false;
  const batch = {
    set(ref: DocRef, data: Data) {
      writes.push({ kind: 'set', path: ref.path, data: checkData('WriteBatch.set', data) });
      return batch;
    },
    update(ref: DocRef, data: Data) {
      writes.push({ kind: 'update', path: ref.path, data: checkData('WriteBatch.update', data) });
      return batch;
    },
    delete(ref: DocRef) {
      writes.push({ kind: 'delete', path: ref.path });
      return batch;
    },
    async commit() {
      if (committed) throw new FirebaseError('failed-precondition', 'A write batch was committed');
      committed = true;
      backend.commit(writes);
    },
  };
  return batch;
}

class FakeTransaction {
  readonly reads = new Map<string, number>();
  readonly writes: Write[] = [];

  async get(ref: DocRef): Promise<DocSnapshot> {
    if (this.writes.length > 0) {
      throw new FirebaseError(
        'invalid-argument',
        'Firestore transactions require all reads to be executed before all writes.',
      );
    }
    const snapshot = backend.snapshot(ref);
    this.reads.set(ref.path, backend.versionOf(ref.path));
    // A read is a round trip: let other work run meanwhile, as the network would.
    await new Promise((resolve) => setTimeout(resolve, 0));
    return snapshot;
  }

  set(ref: DocRef, data: Data): this {
    this.writes.push({ kind: 'set', path: ref.path, data: checkData('Transaction.set', data) });
    return this;
  }

  update(ref: DocRef, data: Data): this {
    if (this.reads.get(ref.path) === 0) {
      throw new FirebaseError('invalid-argument', "Can't update a document that doesn't exist.");
    }
    this.writes.push({
      kind: 'update',
      path: ref.path,
      data: checkData('Transaction.update', data),
    });
    return this;
  }

  delete(ref: DocRef): this {
    this.writes.push({ kind: 'delete', path: ref.path });
    return this;
  }
}

/** What the SDK retries: a commit that lost a race, and transient failures (its own list). */
function isRetryable(error: unknown): boolean {
  if (!(error instanceof FirebaseError)) return false;
  return [
    'aborted',
    'failed-precondition',
    'already-exists',
    'cancelled',
    'unknown',
    'deadline-exceeded',
    'resource-exhausted',
    'internal',
    'unavailable',
    'unauthenticated',
  ].includes(error.code);
}

async function runTransaction<T>(
  _db: FakeFirestore,
  update: (tx: FakeTransaction) => Promise<T>,
  options: { maxAttempts?: number } = {},
): Promise<T> {
  const maxAttempts = options.maxAttempts ?? 5;
  for (let attempt = 1; ; attempt += 1) {
    const tx = new FakeTransaction();
    try {
      backend.transactionRuns += 1;
      const result = await update(tx);
      backend.commit(tx.writes, tx.reads);
      return result;
    } catch (error) {
      if (attempt < maxAttempts && isRetryable(error)) continue;
      throw error;
    }
  }
}

function onSnapshot(
  target: Query | CollectionRef,
  next: (snapshot: QuerySnapshot) => void,
  error?: (error: FirebaseError) => void,
): () => void {
  return backend.listen({ target: target.kind === 'query' ? target : query(target), next, error });
}

// ---------------------------------------------------------------------------------------------
// The modules, as vi.mock factories return them

export const fakeAppModule = { initializeApp, FirebaseError };

export const fakeAuthModule = {
  getAuth,
  initializeAuth: getAuth,
  connectAuthEmulator: () => undefined,
  browserLocalPersistence: {},
  indexedDBLocalPersistence: {},
  EmailAuthProvider: { credential: notFaked('EmailAuthProvider.credential') },
  createUserWithEmailAndPassword: notFaked('createUserWithEmailAndPassword'),
  linkWithCredential: notFaked('linkWithCredential'),
  onIdTokenChanged: notFaked('onIdTokenChanged'),
  signInAnonymously: notFaked('signInAnonymously'),
  signInWithEmailAndPassword: notFaked('signInWithEmailAndPassword'),
  signOut: notFaked('signOut'),
};

export const fakeFirestoreModule = {
  getFirestore,
  connectFirestoreEmulator: () => undefined,
  collection,
  doc,
  getDoc,
  getDocs,
  setDoc,
  addDoc,
  updateDoc,
  deleteDoc,
  query,
  where,
  orderBy,
  limit,
  writeBatch,
  runTransaction,
  serverTimestamp,
  Timestamp,
  onSnapshot,
};
