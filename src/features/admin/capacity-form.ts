// The admins' crews form (D12), as plain functions: windows and exceptions as typed text, the
// plan they make, and its problems by field path ('windows.0.start', 'exceptions.1.date').
import type { CapacityDraft, CapacityException } from '../../domain/capacity';
import { normalizeDigits } from '../../domain/digits';
import { fieldsOfIssues } from '../../domain/errors';
import { capacityDraftSchema } from '../../domain/capacity-schema';

export interface WindowRow {
  /** Stable: orders hold it (a window whose hours change keeps its bookings). */
  id: string;
  start: string;
  end: string;
  crews: string;
}

export interface ExceptionRow {
  /** For React only. */
  key: string;
  kind: 'date' | 'weekday';
  date: string;
  weekday: string;
  /** Window id → crews that day; blank is the window's ordinary number. */
  crews: Record<string, string>;
  note: string;
}

export interface CapacityForm {
  windows: WindowRow[];
  exceptions: ExceptionRow[];
}

let rows = 0;
/** A key or window id nobody has used: a new window's id is kept for good. */
export function newId(prefix: string): string {
  rows += 1;
  return `${prefix}-${Date.now().toString(36)}${rows.toString(36)}`;
}

export function formOfPlan(plan: CapacityDraft): CapacityForm {
  return {
    windows: plan.windows.map(({ id, start, end, crews }) => ({
      id,
      start,
      end,
      crews: String(crews),
    })),
    exceptions: plan.exceptions.map((exception) => ({
      key: newId('x'),
      kind: exception.date !== undefined ? 'date' : 'weekday',
      date: exception.date ?? '',
      weekday: exception.weekday !== undefined ? String(exception.weekday) : '5',
      crews: Object.fromEntries(
        Object.entries(exception.crews).map(([id, crews]) => [id, String(crews)]),
      ),
      note: exception.note,
    })),
  };
}

function count(text: string): number {
  const plain = normalizeDigits(text).trim();
  return plain === '' ? Number.NaN : Number(plain);
}

/** The plan the form says (the schema judges it). Crews left blank in an exception are omitted. */
export function draftOf(form: CapacityForm): CapacityDraft {
  return {
    windows: form.windows.map(({ id, start, end, crews }) => ({
      id,
      start,
      end,
      crews: count(crews),
    })),
    exceptions: form.exceptions.map((row): CapacityException => {
      const crews: Record<string, number> = {};
      for (const window of form.windows) {
        const value = row.crews[window.id];
        if (value !== undefined && value.trim() !== '') crews[window.id] = count(value);
      }
      return {
        ...(row.kind === 'date' ? { date: row.date } : { weekday: count(row.weekday) }),
        crews,
        note: row.note,
      };
    }),
  };
}

export function capacityProblems(form: CapacityForm): Record<string, string> {
  const parsed = capacityDraftSchema.safeParse(draftOf(form));
  return parsed.success ? {} : fieldsOfIssues(parsed.error.issues);
}

/** A new window after the last one, of the same length, with no crews yet. */
export function nextWindow(form: CapacityForm): WindowRow {
  const last = [...form.windows].sort((a, b) => a.end.localeCompare(b.end)).pop();
  const start = last?.end ?? '08:00';
  const hour = Math.min(23, Number(start.slice(0, 2)) + 4);
  return { id: newId('w'), start, end: `${String(hour).padStart(2, '0')}:00`, crews: '1' };
}

/** A new exception: Fridays with no crews (the common case), until the admin changes it. */
export function newException(form: CapacityForm): ExceptionRow {
  return {
    key: newId('x'),
    kind: 'weekday',
    date: '',
    weekday: '5',
    crews: Object.fromEntries(form.windows.map((w) => [w.id, '0'])),
    note: '',
  };
}
