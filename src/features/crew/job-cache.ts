/**
 * The crew's last list of jobs, kept on the phone (D28): shown at once when the page opens, and
 * instead of the backend's when the network fails, with the time it was fetched. Kept per crew,
 * with a pointer to the crew last signed in on this phone; signing out forgets both (the queue
 * of taps stays: tap-queue.ts, sent when that crew signs in again).
 */
import type { CrewJob, CrewJobs } from '../../domain/field';
import type { TapStorage } from './tap-queue';

export interface CachedJobs {
  /** When the backend gave this list (ISO 8601). */
  savedAt: string;
  answer: CrewJobs;
}

export const CURRENT_CREW_KEY = 'afsh.crew.current';
export const jobsCacheKey = (crewId: string) => `afsh.crew.${crewId}.jobs`;

/** The phone's localStorage, or null where the browser refuses it (private mode, a sandbox). */
export function browserStorage(): TapStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function read(storage: TapStorage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** The crew last signed in on this phone, if its list is kept. */
export function currentCrewId(storage: TapStorage | null): string | null {
  const id = read(storage, CURRENT_CREW_KEY);
  return id && read(storage, jobsCacheKey(id)) ? id : null;
}

const isJob = (job: unknown): job is CrewJob =>
  typeof job === 'object' &&
  job !== null &&
  typeof (job as CrewJob).orderId === 'string' &&
  typeof (job as CrewJob).status === 'string' &&
  Array.isArray((job as CrewJob).next);

/** The kept list of `crewId`, or null (none, or not one this code can read). */
export function readCachedJobs(storage: TapStorage | null, crewId: string): CachedJobs | null {
  const text = read(storage, jobsCacheKey(crewId));
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<CachedJobs>;
    const answer = value.answer;
    if (
      typeof value.savedAt !== 'string' ||
      !answer ||
      answer.crew?.id !== crewId ||
      !Array.isArray(answer.dates) ||
      !Array.isArray(answer.jobs) ||
      !answer.jobs.every(isJob)
    ) {
      return null;
    }
    return { savedAt: value.savedAt, answer };
  } catch {
    return null;
  }
}

/** Keeps the backend's list as this phone's crew's; another crew's list is forgotten. */
export function saveCachedJobs(storage: TapStorage | null, cached: CachedJobs): void {
  const crewId = cached.answer.crew.id;
  try {
    const before = storage?.getItem(CURRENT_CREW_KEY);
    if (before && before !== crewId) storage?.removeItem(jobsCacheKey(before));
    storage?.setItem(jobsCacheKey(crewId), JSON.stringify(cached));
    storage?.setItem(CURRENT_CREW_KEY, crewId);
  } catch {
    // Full or refused: the page still shows the list; only the copy for offline is missing.
  }
}

/** Signing out: this phone keeps no crew's list. */
export function forgetCrew(storage: TapStorage | null): void {
  try {
    const crewId = storage?.getItem(CURRENT_CREW_KEY);
    if (crewId) storage?.removeItem(jobsCacheKey(crewId));
    storage?.removeItem(CURRENT_CREW_KEY);
  } catch {
    // Nothing kept, then.
  }
}
