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
//
// The same store also answers firebase-admin's Firestore API (`adminFirestore()`, the part the
// functions' repositories use) and the web SDK's callable functions (`backend.functions`, which
// testing-functions.ts routes to the functions' handlers in-process), so the adapter, the
// functions and what they store are exercised together. Reads are counted as Firestore bills them
// (`backend.reads`) and browser reads pass a model of firestore.rules (`backend.readRules`).

// ---------------------------------------------------------------------------------------------
// firebase/app

import { FirebaseError } from '@firebase/util';

/**
 * The SDK's own error class (Firestore, Auth and Functions errors are instances of it, with a
 * `code`), so the adapter recognises the fakes' errors whether `firebase/app` is faked or real.
 */
export { FirebaseError };

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
  /** The number proved with phone sign-in (E.164), as the SDK's `User.phoneNumber`. */
  phoneNumber: string | null;
  getIdToken(forceRefresh?: boolean): Promise<string>;
  getIdTokenResult(): Promise<{ claims: Record<string, unknown> }>;
}

/** The ID token a fake user hands out: the in-process functions' fake Auth knows whose it is. */
export function fakeIdToken(uid: string): string {
  return `token-of-${uid}`;
}

/**
 * A signed-in user as the SDK hands it to the adapter; the test decides its claims. Without an
 * email or a phone it is an anonymous session's.
 */
export function fakeUser(options: {
  uid: string;
  email?: string;
  /** E.164: a number this user proved (its token's `phone_number`). */
  phone?: string;
  claims?: Record<string, unknown>;
}): FakeUser {
  const claims = { ...options.claims };
  const user: FakeUser = {
    uid: options.uid,
    isAnonymous: options.email === undefined && options.phone === undefined,
    email: options.email ?? null,
    phoneNumber: options.phone ?? null,
    getIdToken: async () => fakeIdToken(options.uid),
    // The token says what the account is now: a number linked since is in the next one.
    getIdTokenResult: async () => ({
      claims: { ...claims, ...(user.phoneNumber ? { phone_number: user.phoneNumber } : {}) },
    }),
  };
  return user;
}

/** The auth each fake user was last signed in to (the SDK's `user.auth`). */
const authOfUser = new WeakMap<FakeUser, FakeAuth>();

export function authOfFakeUser(user: FakeUser): FakeAuth | undefined {
  return authOfUser.get(user);
}

/** One app's auth state: `currentUser` is whoever the test signed in. */
export class FakeAuth {
  /** The language of the SMS and reCAPTCHA (the SDK's `auth.languageCode`). */
  languageCode: string | null = null;
  private user: FakeUser | null = null;

  get currentUser(): FakeUser | null {
    return this.user;
  }

  set currentUser(user: FakeUser | null) {
    this.user = user;
    if (user) authOfUser.set(user, this);
  }

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

/** firebase-admin's Timestamp: another class with the same meaning. */
function isForeignTimestamp(value: unknown): value is { toMillis(): number } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { toMillis?: unknown }).toMillis === 'function' &&
    typeof (value as { seconds?: unknown }).seconds === 'number'
  );
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
  if (isForeignTimestamp(value)) return Timestamp.fromMillis(value.toMillis());
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
  /** The app whose user is asking (a fake app, or the real SDK's in the contract suite). */
  app: { name: string };
}

export interface CollectionRef {
  kind: 'collection';
  id: string;
  path: string;
  firestore: FakeFirestore | null;
}

export interface DocRef {
  kind: 'document';
  id: string;
  path: string;
  parent: CollectionRef;
  firestore: FakeFirestore | null;
}

export type WhereOp = '==' | '<' | '<=' | '>' | '>=' | 'array-contains';

export type Constraint =
  | { kind: 'where'; field: string; op: WhereOp; value: unknown }
  | { kind: 'orderBy'; field: string; direction: 'asc' | 'desc' }
  | { kind: 'limit'; count: number }
  | { kind: 'startAfter'; snapshot: DocSnapshot };

export interface Query {
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

function collectionRef(segments: string[], firestore: FakeFirestore | null): CollectionRef {
  if (segments.length % 2 !== 1) {
    throw new FirebaseError(
      'invalid-argument',
      `Invalid collection reference: ${segments.join('/')} has ${segments.length} segments.`,
    );
  }
  return {
    kind: 'collection',
    id: segments[segments.length - 1]!,
    path: segments.join('/'),
    firestore,
  };
}

function docRef(segments: string[], firestore: FakeFirestore | null): DocRef {
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
    parent: collectionRef(segments.slice(0, -1), firestore),
    firestore,
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

function firestoreOf(parent: FakeFirestore | DocRef | CollectionRef): FakeFirestore | null {
  return parent.kind === 'firestore' ? parent : parent.firestore;
}

function collection(
  parent: FakeFirestore | DocRef,
  path: string,
  ...more: string[]
): CollectionRef {
  requireNonEmpty('collection', path);
  const base = parent.kind === 'document' ? [parent.path] : [];
  return collectionRef(segmentsOf([...base, path, ...more]), firestoreOf(parent));
}

function doc(parent: FakeFirestore | CollectionRef, ...path: string[]): DocRef {
  const parts = path.length === 0 ? [autoId()] : path;
  requireNonEmpty('doc', parts[0]);
  const base = parent.kind === 'collection' ? [parent.path] : [];
  return docRef(segmentsOf([...base, ...parts]), firestoreOf(parent));
}

function query(base: CollectionRef | Query, ...constraints: Constraint[]): Query {
  return base.kind === 'query'
    ? { ...base, constraints: [...base.constraints, ...constraints] }
    : { kind: 'query', collection: base, constraints };
}

const WHERE_OPS: readonly WhereOp[] = ['==', '<', '<=', '>', '>=', 'array-contains'];

function where(field: string, op: WhereOp, value: unknown): Constraint {
  if (!WHERE_OPS.includes(op)) throw new Error(`fake where(): '${op}' is not implemented`);
  return { kind: 'where', field, op, value };
}

function orderBy(field: string, direction: 'asc' | 'desc' = 'asc'): Constraint {
  return { kind: 'orderBy', field, direction };
}

function limit(count: number): Constraint {
  return { kind: 'limit', count };
}

function startAfter(snapshot: DocSnapshot): Constraint {
  if (!(snapshot instanceof DocSnapshot)) {
    throw new Error('fake startAfter(): only a document snapshot is implemented');
  }
  return { kind: 'startAfter', snapshot };
}

export class DocSnapshot {
  readonly id: string;

  constructor(
    readonly ref: DocRef,
    private readonly stored: Data | undefined,
    /** A listener's snapshot says whether it came from the cache (offline) or the server. */
    readonly metadata: { fromCache: boolean; hasPendingWrites: boolean } = {
      fromCache: false,
      hasPendingWrites: false,
    },
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

  get(field: string): unknown {
    return this.stored === undefined ? undefined : copy(this.stored[field]);
  }
}

export interface QuerySnapshot {
  docs: DocSnapshot[];
  size: number;
  empty: boolean;
  /** Every snapshot of the fake comes from the server (it has no cache). */
  metadata: { fromCache: boolean; hasPendingWrites: boolean };
}

// ---------------------------------------------------------------------------------------------
// The backend: what the server holds

export type WriteKind = 'set' | 'create' | 'update' | 'delete';

export interface Write {
  kind: WriteKind;
  path: string;
  data?: Data;
}

/** Who a browser is, as the rules and the callable protocol see its ID token. */
export interface Identity {
  uid: string;
  admin: boolean;
  anonymous: boolean;
  /** The ID token's email, when the account has one. */
  email?: string | null;
  /** The ID token's `phone_number`: the number the account proved (E.164). */
  phone?: string | null;
}

/** A browser read, as firestore.rules judge it ("rules are not filters": a query as a whole). */
export interface ReadRequest {
  auth: Identity | null;
  kind: 'get' | 'list';
  collection: string;
  /** get: the document's id and what is stored (undefined when missing). */
  id?: string;
  resource?: Data | undefined;
  /** list: the query's constraints. */
  constraints?: readonly Constraint[];
  /** A rule's exists(): also billed as a read. */
  exists(path: string): boolean;
}

export type ReadRules = (request: ReadRequest) => boolean;

/** A callable function's answer, as the protocol carries it. */
export type CallOutcome =
  { ok: true; data: unknown } | { ok: false; code: string; message: string; details?: unknown };

export interface CallRequest {
  name: string;
  data: unknown;
  auth: Identity | null;
  /** The App Check token the browser sent, or null when it has no App Check. */
  appCheckToken: string | null;
}

interface Listener {
  target: Query;
  auth: Identity | null;
  next: (snapshot: QuerySnapshot) => void;
  error: ((error: FirebaseError) => void) | undefined;
  /** Also called when only fromCache changes (the SDK's includeMetadataChanges). */
  metadataChanges: boolean;
  last: string | undefined;
  /** What it last heard: what the SDK's memory cache holds for it while offline. */
  lastDocs: DocSnapshot[];
}

/** A listener on one document (onSnapshot(docRef, …)), as the SDK's. */
interface DocListener {
  ref: DocRef;
  auth: Identity | null;
  next: (snapshot: DocSnapshot) => void;
  error: ((error: FirebaseError) => void) | undefined;
  metadataChanges: boolean;
  last: string | undefined;
  /** What it last heard: the cache while offline. */
  lastData: Data | undefined;
}

type WriteFailure = { matches: (write: Write) => boolean; code: string };
type ReadFailure = { matches: (path: string) => boolean; code: string };

/** What an aggregation reads: one per batch of up to 1,000 index entries, at least one. */
export const AGGREGATION_BATCH = 1000;

/** The signed-in user of a fake app, as its ID token says. */
async function identityOfFakeApp(app: { name: string }): Promise<Identity | null> {
  const user = (app as FakeApp).auth?.currentUser;
  if (!user) return null;
  const { claims } = await user.getIdTokenResult();
  return {
    uid: user.uid,
    admin: claims.admin === true,
    anonymous: user.isAnonymous,
    email: user.email,
    phone: typeof claims.phone_number === 'string' ? claims.phone_number : null,
  };
}

export class FakeFirestoreBackend {
  /** Server timestamps are the client's clock plus this (a server ahead of the browser: > 0). */
  serverClockOffsetMs = 0;
  /** Every commit that was applied, in order: the writes that went to the server together. */
  readonly commits: Write[][] = [];
  /** Transaction callbacks run (a transaction that lost a race runs its callback again). */
  transactionRuns = 0;
  /** Every query that reached the server (browser and functions). */
  readonly queries: { collection: string; constraints: Constraint[] }[] = [];
  /** Billed document reads, by who read: browsers (through the rules) and the functions. */
  readonly reads = { browser: 0, functions: 0 };
  /** The model of firestore.rules that browser reads pass; null lets every read through. */
  readRules: ReadRules | null = null;
  /** Who a browser (a Firebase app) is signed in as. */
  identify: (app: { name: string }) => Promise<Identity | null> = identityOfFakeApp;
  /** Answers callable functions (testing-functions.ts routes them to the handlers). */
  functions: ((request: CallRequest) => Promise<CallOutcome>) | null = null;
  /** Calls made to the functions, in order. */
  readonly calls: { name: string; data: unknown }[] = [];
  private readonly documents = new Map<string, { data: Data; version: number }>();
  private readonly listeners = new Set<Listener>();
  private readonly docListeners = new Set<DocListener>();
  /** Browsers cannot reach the server: listeners hear their cache (see setOnline). */
  private offline = false;
  private writeFailures: WriteFailure[] = [];
  private readFailures: ReadFailure[] = [];
  private version = 0;

  reset(): void {
    this.serverClockOffsetMs = 0;
    this.commits.length = 0;
    this.transactionRuns = 0;
    this.queries.length = 0;
    this.calls.length = 0;
    this.resetReads();
    this.documents.clear();
    this.listeners.clear();
    this.docListeners.clear();
    this.offline = false;
    this.writeFailures = [];
    this.readFailures = [];
  }

  resetReads(): void {
    this.reads.browser = 0;
    this.reads.functions = 0;
  }

  serverNow(): Timestamp {
    return Timestamp.fromMillis(Date.now() + this.serverClockOffsetMs);
  }

  /** Puts a document in place as if written earlier (no failure injection, no commit logged). */
  seed(path: string, data: Data): void {
    const ref = docRef(segmentsOf([path]), null);
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

  /** The next writes matching `matches` are refused with `code`, as a failure would be. */
  failWrites(matches: (write: Write) => boolean, code = 'permission-denied'): void {
    this.writeFailures.push({ matches, code });
  }

  /** Reads of documents or collections whose path matches fail with `code`. */
  failReads(matches: (path: string) => boolean, code = 'permission-denied'): void {
    this.readFailures.push({ matches, code });
  }

  // --- used by the fake SDKs ----------------------------------------------------------------

  checkRead(path: string): void {
    const failure = this.readFailures.find((f) => f.matches(path));
    if (failure) throw new FirebaseError(failure.code, `fake: read of ${path} refused`);
  }

  /** Refuses a browser read the rules would refuse, as the SDK reports it. */
  authorize(request: Omit<ReadRequest, 'exists'>): void {
    if (!this.readRules) return;
    const allowed = this.readRules({
      ...request,
      exists: (path) => {
        this.reads.browser += 1;
        return this.documents.has(path);
      },
    });
    if (!allowed) {
      throw new FirebaseError(
        'permission-denied',
        `fake rules: ${request.kind} of ${request.collection}${request.id ? `/${request.id}` : ''} refused`,
      );
    }
  }

  versionOf(path: string): number {
    return this.documents.get(path)?.version ?? 0;
  }

  snapshot(ref: DocRef, reader: keyof FakeFirestoreBackend['reads']): DocSnapshot {
    this.checkRead(ref.path);
    this.reads[reader] += 1;
    return new DocSnapshot(ref, this.documents.get(ref.path)?.data);
  }

  /** The documents a query matches, in its order, before any limit or cursor. */
  private matching(target: Query): { rows: DocSnapshot[]; order: Constraint[] } {
    let rows = this.inCollection(target.collection.path).map(([path, entry]) => ({
      id: path.split('/').pop()!,
      path,
      data: entry.data,
    }));
    const orders: { field: string; direction: 'asc' | 'desc' }[] = [];
    const inequalities: string[] = [];
    for (const constraint of target.constraints) {
      if (constraint.kind === 'where') {
        const { field, op, value } = constraint;
        rows = rows.filter((row) => field in row.data && matchesWhere(row.data[field], op, value));
        if (op !== '==' && op !== 'array-contains' && !inequalities.includes(field)) {
          inequalities.push(field);
        }
      } else if (constraint.kind === 'orderBy') {
        // Firestore leaves out documents that lack an ordered field.
        rows = rows.filter((row) => constraint.field in row.data);
        orders.push(constraint);
      }
    }
    // Fields of range filters are ordered after the explicit orders (Firestore's implicit order).
    const lastDirection = orders.at(-1)?.direction ?? 'asc';
    for (const field of inequalities) {
      if (!orders.some((o) => o.field === field)) orders.push({ field, direction: lastDirection });
    }
    // Ties (and queries without an order) go by document id, in the last order's direction.
    const idDirection = orders.at(-1)?.direction === 'desc' ? -1 : 1;
    const compare = (a: { id: string; data: Data }, b: { id: string; data: Data }) => {
      for (const { field, direction } of orders) {
        const c = compareValues(a.data[field], b.data[field]) * (direction === 'desc' ? -1 : 1);
        if (c !== 0) return c;
      }
      return (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) * idDirection;
    };
    rows.sort(compare);
    const cursor = target.constraints.find((c) => c.kind === 'startAfter');
    if (cursor?.kind === 'startAfter') {
      const at = { id: cursor.snapshot.id, data: cursor.snapshot.data() ?? {} };
      rows = rows.filter((row) => compare(row, at) > 0);
    }
    return {
      rows: rows.map((row) => new DocSnapshot(docRef(segmentsOf([row.path]), null), row.data)),
      order: orders.map((o) => ({ kind: 'orderBy' as const, ...o })),
    };
  }

  run(target: Query, reader: keyof FakeFirestoreBackend['reads'] = 'browser'): QuerySnapshot {
    this.checkRead(target.collection.path);
    this.queries.push({ collection: target.collection.path, constraints: target.constraints });
    const count = Math.min(
      Infinity,
      ...target.constraints.flatMap((c) => (c.kind === 'limit' ? [c.count] : [])),
    );
    const docs = this.matching(target).rows.slice(0, count);
    // A query is billed per document returned, and one read when it returns none.
    this.reads[reader] += Math.max(1, docs.length);
    return {
      docs,
      size: docs.length,
      empty: docs.length === 0,
      metadata: { fromCache: false, hasPendingWrites: false },
    };
  }

  /** count() over a query: billed per batch of up to 1,000 index entries. */
  count(target: Query, reader: keyof FakeFirestoreBackend['reads'] = 'browser'): number {
    this.checkRead(target.collection.path);
    this.queries.push({ collection: target.collection.path, constraints: target.constraints });
    const matched = this.matching(target).rows.length;
    this.reads[reader] += Math.max(1, Math.ceil(matched / AGGREGATION_BATCH));
    return matched;
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
      if (write.kind === 'create' && current) {
        throw new FirebaseError('already-exists', `Document already exists: ${write.path}`);
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

  /**
   * The browsers lose (false) or regain (true) their connection. Offline, a listener hears what
   * it last had, from the cache (a new one: nothing), and no later write; back online, the
   * server's result. Writes through the functions go on meanwhile.
   */
  setOnline(online: boolean): void {
    this.offline = !online;
    this.notify();
  }

  listen(listener: Omit<Listener, 'last' | 'lastDocs'>): () => void {
    const entry: Listener = { ...listener, last: undefined, lastDocs: [] };
    this.listeners.add(entry);
    queueMicrotask(() => this.deliver(entry));
    return () => this.listeners.delete(entry);
  }

  /** Listens to one document: a first snapshot (missing or not), then one per change. */
  listenDoc(listener: Omit<DocListener, 'last' | 'lastData'>): () => void {
    const entry: DocListener = { ...listener, last: undefined, lastData: undefined };
    this.docListeners.add(entry);
    queueMicrotask(() => this.deliverDoc(entry));
    return () => this.docListeners.delete(entry);
  }

  /** Documents listened to now, by path (what a test checks was let go). */
  docListenerPaths(): string[] {
    return [...this.docListeners].map((listener) => listener.ref.path);
  }

  private notify(): void {
    for (const listener of this.listeners) queueMicrotask(() => this.deliver(listener));
    for (const listener of this.docListeners) queueMicrotask(() => this.deliverDoc(listener));
  }

  private deliverDoc(listener: DocListener): void {
    if (!this.docListeners.has(listener)) return;
    let snapshot: DocSnapshot;
    try {
      this.checkRead(listener.ref.path);
      const stored = this.documents.get(listener.ref.path)?.data;
      this.authorize({
        auth: listener.auth,
        kind: 'get',
        collection: listener.ref.parent.path,
        id: listener.ref.id,
        resource: stored,
      });
      if (this.offline) {
        snapshot = new DocSnapshot(listener.ref, listener.lastData, {
          fromCache: true,
          hasPendingWrites: false,
        });
      } else {
        this.reads.browser += 1;
        snapshot = new DocSnapshot(listener.ref, stored === undefined ? undefined : copy(stored));
      }
    } catch (error) {
      this.docListeners.delete(listener);
      if (error instanceof FirebaseError) listener.error?.(error);
      return;
    }
    const dataKey = JSON.stringify(snapshot.data() ?? null);
    const key = listener.metadataChanges ? `${snapshot.metadata.fromCache}|${dataKey}` : dataKey;
    if (key === listener.last) return;
    listener.last = key;
    listener.lastData = snapshot.data();
    listener.next(snapshot);
  }

  /** Like the SDK: a first snapshot, then one whenever the result changed. */
  private deliver(listener: Listener): void {
    if (!this.listeners.has(listener)) return;
    let snapshot: QuerySnapshot;
    try {
      this.authorize({
        auth: listener.auth,
        kind: 'list',
        collection: listener.target.collection.path,
        constraints: listener.target.constraints,
      });
      snapshot = this.offline
        ? {
            docs: listener.lastDocs,
            size: listener.lastDocs.length,
            empty: listener.lastDocs.length === 0,
            metadata: { fromCache: true, hasPendingWrites: false },
          }
        : this.run(listener.target);
    } catch (error) {
      this.listeners.delete(listener);
      if (error instanceof FirebaseError) listener.error?.(error);
      return;
    }
    const docsKey = JSON.stringify(snapshot.docs.map((d) => [d.id, d.data()]));
    const key = listener.metadataChanges ? `${snapshot.metadata.fromCache}|${docsKey}` : docsKey;
    if (key === listener.last) return;
    listener.last = key;
    listener.lastDocs = snapshot.docs;
    listener.next(snapshot);
  }

  private inCollection(collectionPath: string): [string, { data: Data; version: number }][] {
    const depth = collectionPath.split('/').length + 1;
    return [...this.documents].filter(
      ([path]) => path.startsWith(`${collectionPath}/`) && path.split('/').length === depth,
    );
  }
}

function matchesWhere(stored: unknown, op: WhereOp, value: unknown): boolean {
  if (op === '==') return sameValue(stored, value);
  if (op === 'array-contains') {
    return Array.isArray(stored) && stored.some((item) => sameValue(item, value));
  }
  // Range filters only match values of the same type.
  if (typeRank(stored) !== typeRank(value)) return false;
  const c = compareValues(stored, value);
  return op === '<' ? c < 0 : op === '<=' ? c <= 0 : op === '>' ? c > 0 : c >= 0;
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

function getFirestore(app: { name: string }): FakeFirestore {
  return { kind: 'firestore', app };
}

async function authOf(ref: { firestore: FakeFirestore | null }): Promise<Identity | null> {
  return ref.firestore ? backend.identify(ref.firestore.app) : null;
}

async function getDoc(ref: DocRef): Promise<DocSnapshot> {
  backend.checkRead(ref.path);
  backend.authorize({
    auth: await authOf(ref),
    kind: 'get',
    collection: ref.parent.path,
    id: ref.id,
    resource: backend.read(ref.path),
  });
  return backend.snapshot(ref, 'browser');
}

async function authorizeQuery(target: Query): Promise<void> {
  backend.checkRead(target.collection.path);
  backend.authorize({
    auth: await authOf(target.collection),
    kind: 'list',
    collection: target.collection.path,
    constraints: target.constraints,
  });
}

async function getDocs(target: Query | CollectionRef): Promise<QuerySnapshot> {
  const q = target.kind === 'query' ? target : query(target);
  await authorizeQuery(q);
  return backend.run(q);
}

async function getCountFromServer(
  target: Query | CollectionRef,
): Promise<{ data(): { count: number } }> {
  const q = target.kind === 'query' ? target : query(target);
  await authorizeQuery(q);
  const count = backend.count(q);
  return { data: () => ({ count }) };
}

type SnapshotListener = (snapshot: QuerySnapshot) => void;
type SnapshotError = (error: FirebaseError) => void;

/**
 * onSnapshot(query, next, error?) or onSnapshot(query, options, next, error?). With
 * includeMetadataChanges, a snapshot that only goes from the cache to the server (or back) is
 * heard too (backend.setOnline).
 */
function onSnapshot(
  target: Query | CollectionRef | DocRef,
  ...args:
    | [SnapshotListener, SnapshotError?]
    | [{ includeMetadataChanges?: boolean }, SnapshotListener, SnapshotError?]
): () => void {
  const options = typeof args[0] === 'function' ? {} : args[0];
  const [next, error] = (typeof args[0] === 'function' ? args : args.slice(1)) as [
    SnapshotListener,
    SnapshotError?,
  ];
  const metadataChanges = options.includeMetadataChanges === true;
  if (target.kind === 'document') {
    // One document (D19's live tracking copy): its snapshot, not a query's.
    let stopDoc: (() => void) | null = null;
    let listening = true;
    void authOf(target).then((auth) => {
      if (listening) {
        stopDoc = backend.listenDoc({
          ref: target,
          auth,
          next: next as unknown as (snapshot: DocSnapshot) => void,
          error,
          metadataChanges,
        });
      }
    });
    return () => {
      listening = false;
      stopDoc?.();
    };
  }
  const q = target.kind === 'query' ? target : query(target);
  let stop: (() => void) | null = null;
  let active = true;
  void authOf(q.collection).then((auth) => {
    if (active) stop = backend.listen({ target: q, auth, next, error, metadataChanges });
  });
  return () => {
    active = false;
    stop?.();
  };
}

// ---------------------------------------------------------------------------------------------
// firebase/functions: callables answered by `backend.functions`

/** The SDK's error for a failed call: code `functions/<code>`, and the function's details. */
function functionsError(code: string, message: string, details?: unknown): FirebaseError {
  return Object.assign(new FirebaseError(`functions/${code}`, message), { details });
}

interface FakeFunctions {
  kind: 'functions';
  app: { name: string };
  region: string | undefined;
}

/** App Check tokens, per app: a test that "gets a new token" bumps its generation. */
const appCheckTokens = new WeakMap<object, string>();

export function renewAppCheckToken(app: object): void {
  const current = appCheckTokens.get(app);
  if (current === undefined) throw new Error('this app has no App Check');
  appCheckTokens.set(app, `${current}+`);
}

function getFunctions(app: { name: string }, region?: string): FakeFunctions {
  return { kind: 'functions', app, region };
}

/** What crosses the wire is JSON: a Date, undefined or a class instance does not survive it. */
function overTheWire(value: unknown): unknown {
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}

function httpsCallable(functions: FakeFunctions, name: string) {
  return async (data?: unknown): Promise<{ data: unknown }> => {
    if (!backend.functions) throw new Error('fake functions: no handlers are routed');
    backend.calls.push({ name, data: overTheWire(data) });
    const outcome = await backend.functions({
      name,
      data: overTheWire(data),
      auth: await backend.identify(functions.app),
      appCheckToken: appCheckTokens.get(functions.app) ?? null,
    });
    if (!outcome.ok) {
      throw functionsError(outcome.code, outcome.message, overTheWire(outcome.details));
    }
    return { data: overTheWire(outcome.data) };
  };
}

// ---------------------------------------------------------------------------------------------
// firebase/app-check

class ReCaptchaEnterpriseProvider {
  constructor(readonly siteKey: string) {}
}

/** Apps that initialised App Check, with their options (tests check the provider). */
export const appCheckOptions = new WeakMap<object, Record<string, unknown>>();

function initializeAppCheck(app: { name: string }, options: Record<string, unknown>) {
  if (appCheckOptions.has(app))
    throw new FirebaseError('appCheck/already-initialized', 'App Check is already initialised');
  appCheckOptions.set(app, options);
  appCheckTokens.set(app, `app-check-token-of-${app.name}`);
  return { app };
}

// ---------------------------------------------------------------------------------------------
// firebase-admin/firestore: the part the functions' repositories use

class AdminSnapshot {
  readonly id: string;
  readonly exists: boolean;

  constructor(
    readonly ref: AdminDocRef,
    private readonly stored: Data | undefined,
  ) {
    this.id = ref.id;
    this.exists = stored !== undefined;
  }

  data(): Data | undefined {
    return this.stored === undefined ? undefined : copy(this.stored);
  }
}

class AdminDocRef {
  readonly id: string;

  constructor(
    readonly path: string,
    private readonly store: FakeFirestoreBackend,
  ) {
    this.id = path.split('/').pop()!;
  }

  async get(): Promise<AdminSnapshot> {
    return new AdminSnapshot(
      this,
      this.store.snapshot(docRef(segmentsOf([this.path]), null), 'functions').data(),
    );
  }

  async set(data: Data): Promise<void> {
    this.store.commit([{ kind: 'set', path: this.path, data: checkData('set', data) }]);
  }

  async create(data: Data): Promise<void> {
    this.store.commit([{ kind: 'create', path: this.path, data: checkData('create', data) }]);
  }

  async update(data: Data): Promise<void> {
    this.store.commit([{ kind: 'update', path: this.path, data: checkData('update', data) }]);
  }

  async delete(): Promise<void> {
    this.store.commit([{ kind: 'delete', path: this.path }]);
  }
}

/** A query's result as firebase-admin hands it over. */
export interface AdminQuerySnapshot {
  docs: AdminSnapshot[];
  size: number;
  empty: boolean;
}

/** firebase-admin's Query: where, orderBy, limit and get, over the same store as the browser's. */
class AdminQuery {
  constructor(
    readonly target: Query,
    protected readonly store: FakeFirestoreBackend,
  ) {}

  where(field: string, op: WhereOp, value: unknown): AdminQuery {
    // The value as stored (an admin Timestamp compares as one).
    const stored = toStored(value, Timestamp.fromMillis(0), false);
    return new AdminQuery(query(this.target, where(field, op, stored)), this.store);
  }

  orderBy(field: string, direction: 'asc' | 'desc' = 'asc'): AdminQuery {
    return new AdminQuery(query(this.target, orderBy(field, direction)), this.store);
  }

  limit(count: number): AdminQuery {
    return new AdminQuery(query(this.target, limit(count)), this.store);
  }

  async get(): Promise<AdminQuerySnapshot> {
    return this.run();
  }

  /** Runs the query as the functions read (billed to them); snapshots of firebase-admin's shape. */
  run(): AdminQuerySnapshot {
    const result = this.store.run(this.target, 'functions');
    const docs = result.docs.map(
      (snapshot) =>
        new AdminSnapshot(new AdminDocRef(snapshot.ref.path, this.store), snapshot.data()),
    );
    return { docs, size: docs.length, empty: docs.length === 0 };
  }
}

class AdminCollection extends AdminQuery {
  constructor(
    readonly path: string,
    store: FakeFirestoreBackend,
  ) {
    super(query(collectionRef(segmentsOf([path]), null)), store);
  }

  doc(id: string = autoId()): AdminDocRef {
    requireNonEmpty('doc', id);
    return new AdminDocRef(docRef(segmentsOf([this.path, id]), null).path, this.store);
  }
}

class AdminTransaction {
  readonly reads = new Map<string, number>();
  readonly writes: Write[] = [];

  constructor(private readonly store: FakeFirestoreBackend) {}

  async get(ref: AdminDocRef): Promise<AdminSnapshot>;
  async get(target: AdminQuery): Promise<AdminQuerySnapshot>;
  async get(target: AdminDocRef | AdminQuery): Promise<AdminSnapshot | AdminQuerySnapshot> {
    if (target instanceof AdminDocRef) return (await this.getAll(target))[0]!;
    if (this.writes.length > 0) {
      throw new FirebaseError(
        'invalid-argument',
        'Firestore transactions require all reads to be executed before all writes.',
      );
    }
    // The documents it returned are read by the transaction: a change to one aborts the commit.
    const result = target.run();
    for (const snapshot of result.docs) {
      this.reads.set(snapshot.ref.path, this.store.versionOf(snapshot.ref.path));
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
    return result;
  }

  async getAll(...refs: AdminDocRef[]): Promise<AdminSnapshot[]> {
    if (this.writes.length > 0) {
      throw new FirebaseError(
        'invalid-argument',
        'Firestore transactions require all reads to be executed before all writes.',
      );
    }
    const snapshots = refs.map((ref) => {
      this.reads.set(ref.path, this.store.versionOf(ref.path));
      return new AdminSnapshot(
        ref,
        this.store.snapshot(docRef(segmentsOf([ref.path]), null), 'functions').data(),
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    return snapshots;
  }

  private write(kind: WriteKind, ref: AdminDocRef, data?: Data): this {
    this.writes.push({
      kind,
      path: ref.path,
      ...(data ? { data: checkData(`Transaction.${kind}`, data) } : {}),
    });
    return this;
  }

  create(ref: AdminDocRef, data: Data): this {
    return this.write('create', ref, data);
  }

  set(ref: AdminDocRef, data: Data): this {
    return this.write('set', ref, data);
  }

  update(ref: AdminDocRef, data: Data): this {
    return this.write('update', ref, data);
  }

  delete(ref: AdminDocRef): this {
    return this.write('delete', ref);
  }
}

/** firebase-admin's Firestore over the fake store: collections, documents, transactions. */
export class FakeAdminFirestore {
  constructor(private readonly store: FakeFirestoreBackend = backend) {}

  collection(path: string): AdminCollection {
    requireNonEmpty('collection', path);
    return new AdminCollection(collectionRef(segmentsOf([path]), null).path, this.store);
  }

  doc(path: string): AdminDocRef {
    return new AdminDocRef(docRef(segmentsOf([path]), null).path, this.store);
  }

  /** Re-runs the callback when a document it read changed before the commit, as the SDK does. */
  async runTransaction<T>(
    update: (tx: AdminTransaction) => Promise<T>,
    options: { maxAttempts?: number } = {},
  ): Promise<T> {
    const maxAttempts = options.maxAttempts ?? 5;
    for (let attempt = 1; ; attempt += 1) {
      const tx = new AdminTransaction(this.store);
      this.store.transactionRuns += 1;
      const result = await update(tx);
      try {
        this.store.commit(tx.writes, tx.reads);
        return result;
      } catch (error) {
        if (attempt < maxAttempts && error instanceof FirebaseError && error.code === 'aborted') {
          continue;
        }
        throw error;
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The web SDK's transactions and batches

function writeBatch(_db: FakeFirestore) {
  const writes: Write[] = [];
  let committed = false;
  const batch = {
    set(ref: DocRef, data: Data) {
      writes.push({ kind: 'set', path: ref.path, data: checkData('WriteBatch.set', data) });
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
  getCountFromServer,
  query,
  where,
  orderBy,
  limit,
  startAfter,
  writeBatch,
  serverTimestamp,
  Timestamp,
  onSnapshot,
};

export const fakeFunctionsModule = {
  getFunctions,
  httpsCallable,
  connectFunctionsEmulator: () => undefined,
};

export const fakeAppCheckModule = { initializeAppCheck, ReCaptchaEnterpriseProvider };
