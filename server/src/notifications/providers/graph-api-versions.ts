// The versions of Meta's Graph API that the WhatsApp Business Cloud API is called through, and
// until when Meta keeps each one (D20). One table, here: the default version, the start-up
// warning of the server and of the hosted build's sender, and their tests read it. No Fastify, no
// SQLite: the Cloud Functions use it too.
//
// From Meta's changelog, "Available Graph API versions" (developers.facebook.com/docs/graph-api/
// changelog/versions), as it read in December 2026. Meta gives a version about two years once
// the one after it is out; `availableUntil: null` is Meta's "TBD". Add each new version at the
// top with its date when Meta announces it, and set the one before it's end date then.

export interface GraphApiVersion {
  /** As it appears in the API's address: `v26.0`. */
  version: string;
  /** YYYY-MM-DD. */
  released: string;
  /** The last day Meta serves it (YYYY-MM-DD); null while Meta has not said. */
  availableUntil: string | null;
}

export const GRAPH_API_VERSIONS: readonly GraphApiVersion[] = [
  { version: 'v26.0', released: '2026-07-29', availableUntil: null },
  { version: 'v25.0', released: '2026-02-18', availableUntil: '2028-07-29' },
  { version: 'v24.0', released: '2025-10-08', availableUntil: '2028-02-18' },
  { version: 'v23.0', released: '2025-05-29', availableUntil: '2027-10-08' },
  { version: 'v22.0', released: '2025-01-21', availableUntil: '2027-05-20' },
  { version: 'v21.0', released: '2024-10-02', availableUntil: '2027-01-21' },
  { version: 'v20.0', released: '2024-05-21', availableUntil: '2026-09-24' },
  { version: 'v19.0', released: '2024-01-23', availableUntil: '2026-05-21' },
  { version: 'v18.0', released: '2023-09-12', availableUntil: '2026-01-26' },
  { version: 'v17.0', released: '2023-05-23', availableUntil: '2025-09-12' },
  { version: 'v16.0', released: '2023-02-02', availableUntil: '2025-05-14' },
  { version: 'v15.0', released: '2022-09-15', availableUntil: '2024-11-20' },
  { version: 'v14.0', released: '2022-05-25', availableUntil: '2024-09-17' },
  { version: 'v13.0', released: '2022-02-08', availableUntil: '2024-05-28' },
];

/** The version the product calls unless told otherwise: the newest Meta has released. */
export const CURRENT_GRAPH_API_VERSION = GRAPH_API_VERSIONS[0]!.version;

/** Warn this many days, or fewer, before the configured version is retired. */
export const GRAPH_API_WARNING_DAYS = 90;

/** The Graph API's address for the current version. */
export const GRAPH_API_URL = `https://graph.facebook.com/${CURRENT_GRAPH_API_VERSION}`;

const VERSION_IN_PATH = /\/(v\d+\.\d+)(?=\/|$)/;

/** The version in an API address (`…/v21.0`), or null when it names none. */
export function graphApiVersionOf(apiUrl: string): string | null {
  let path: string;
  try {
    path = new URL(apiUrl).pathname;
  } catch {
    return null;
  }
  return VERSION_IN_PATH.exec(path)?.[1] ?? null;
}

const versionNumber = (version: string) => {
  const [major = 0, minor = 0] = version.slice(1).split('.').map(Number);
  return major * 1000 + minor;
};

/** What the configured address says about the version it calls, at `now`. */
export type GraphApiVersionCheck =
  /** Known, and not retiring within the warning's days (or Meta has not said when). */
  | { status: 'current'; version: string; availableUntil: string | null }
  | { status: 'retiring'; version: string; availableUntil: string; daysLeft: number }
  /** Past its last day, or older than every version the table knows. */
  | { status: 'retired'; version: string; availableUntil: string | null }
  /** Newer than the table: released after this code was written. */
  | { status: 'newer'; version: string }
  /** The address names no version (a proxy, a test's fake): nothing to say. */
  | { status: 'none' };

const DAY_MS = 86_400_000;

export function checkGraphApiVersion(apiUrl: string, now: Date): GraphApiVersionCheck {
  const version = graphApiVersionOf(apiUrl);
  if (version === null) return { status: 'none' };
  const known = GRAPH_API_VERSIONS.find((entry) => entry.version === version);
  if (!known) {
    const newest = GRAPH_API_VERSIONS[0]!;
    return versionNumber(version) > versionNumber(newest.version)
      ? { status: 'newer', version }
      : { status: 'retired', version, availableUntil: null };
  }
  const { availableUntil } = known;
  if (availableUntil === null) return { status: 'current', version, availableUntil };
  // Served through its last day, UTC: retired from the next day on.
  const endsAt = Date.parse(`${availableUntil}T00:00:00Z`) + DAY_MS;
  const daysLeft = Math.ceil((endsAt - now.getTime()) / DAY_MS);
  if (daysLeft <= 0) return { status: 'retired', version, availableUntil };
  if (daysLeft <= GRAPH_API_WARNING_DAYS) {
    return { status: 'retiring', version, availableUntil, daysLeft };
  }
  return { status: 'current', version, availableUntil };
}

/**
 * The start-up warning for a configured address, or null when there is nothing to warn of: a
 * retired version fails every WhatsApp message (they go by SMS instead), one that retires soon
 * will. Says what to set instead.
 */
export function graphApiVersionWarning(apiUrl: string, now: Date): string | null {
  const check = checkGraphApiVersion(apiUrl, now);
  const instead = `set WHATSAPP_API_URL to ${GRAPH_API_URL} (the newest version this build knows)`;
  switch (check.status) {
    case 'retired':
      return check.availableUntil
        ? `WhatsApp: Graph API ${check.version} was retired by Meta after ${check.availableUntil}; messages through it fail: ${instead}`
        : `WhatsApp: Graph API ${check.version} is older than every version Meta still serves; messages through it fail: ${instead}`;
    case 'retiring':
      return `WhatsApp: Graph API ${check.version} is retired by Meta after ${check.availableUntil}, in ${check.daysLeft} day${check.daysLeft === 1 ? '' : 's'}: ${instead}`;
    default:
      return null;
  }
}
