/**
 * What the crew's phone shows of its jobs (D28), from the backend's list and the taps still
 * waiting to be sent: a tap moves its card on at once (the queue sends it when it can).
 */
import type { CrewJob, CrewJobs } from '../../domain/field';
import { fieldNext } from '../../domain/field';
import type { QueuedTap } from './tap-queue';

export interface ShownJob {
  job: CrewJob;
  /** The taps of this job not sent yet, oldest first. */
  waiting: QueuedTap[];
}

/**
 * The job as it will be once its waiting taps are taken: each tap that is one of the job's next
 * steps moves it on (one it is already past is left for the backend to refuse).
 */
export function withWaitingTaps(job: CrewJob, queued: readonly QueuedTap[]): ShownJob {
  const waiting = queued.filter((entry) => entry.orderId === job.orderId);
  let shown = job;
  for (const { tap } of waiting) {
    if (!shown.next.includes(tap.status)) continue;
    shown = { ...shown, status: tap.status, next: fieldNext(tap.status) };
  }
  return { job: shown, waiting };
}

export interface JobDay {
  date: string;
  jobs: ShownJob[];
}

/**
 * The list's dates (today, tomorrow), each with its jobs in order: a job is under the first of
 * them its windows touch, so a long move begun yesterday is today's, and one that runs on into
 * tomorrow is listed once, today.
 */
export function jobDays(answer: CrewJobs, queued: readonly QueuedTap[]): JobDay[] {
  const days: JobDay[] = answer.dates.map((date) => ({ date, jobs: [] }));
  for (const job of answer.jobs) {
    const day =
      days.find((d) => job.date <= d.date && d.date <= (job.lastDate || job.date)) ??
      days.find((d) => d.date === job.date);
    day?.jobs.push(withWaitingTaps(job, queued));
  }
  return days;
}

/** Puts the backend's answer for one job in the list. */
export function replaceJob(answer: CrewJobs, job: CrewJob): CrewJobs {
  return {
    ...answer,
    jobs: answer.jobs.map((current) => (current.orderId === job.orderId ? job : current)),
  };
}
