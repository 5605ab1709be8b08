import { z } from 'zod';
import { CREWS_MAX, EXCEPTIONS_MAX, WINDOWS_MAX, type CapacityDraft } from './capacity';
import { isValidTime, isValidYmd } from './datetime';
import { object, optionalText } from './schema-fields';
import { VALIDATION_MESSAGES as M } from './validation-messages';

// Admin: the crews plan (D12). Its own module: only the admins' crews screen and the backends
// build it, never a customer's screen.

const clock = z
  .string({ error: M.capacityTime })
  .trim()
  .refine(isValidTime, { error: M.capacityTime });
const crews = z
  .number({ error: M.capacityCrews })
  .int({ error: M.capacityCrews })
  .min(0, { error: M.capacityCrews })
  .max(CREWS_MAX, { error: M.capacityCrews });
const windowId = z
  .string({ error: M.invalid })
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, { error: M.invalid });

export const CAPACITY_NOTE_MAX = 120;

export const capacityDraftSchema: z.ZodType<CapacityDraft> = object({
  windows: z
    .array(object({ id: windowId, start: clock, end: clock, crews }), {
      error: M.capacityWindows,
    })
    .min(1, { error: M.capacityWindows })
    .max(WINDOWS_MAX, { error: M.capacityWindows }),
  exceptions: z
    .array(
      object({
        date: z
          .string({ error: M.capacityDay })
          .refine(isValidYmd, { error: M.capacityDay })
          .optional(),
        weekday: z
          .number({ error: M.capacityDay })
          .int({ error: M.capacityDay })
          .min(0, { error: M.capacityDay })
          .max(6, { error: M.capacityDay })
          .optional(),
        crews: z.record(windowId, crews, { error: M.capacityCrews }),
        note: optionalText(CAPACITY_NOTE_MAX, M.capacityNote).transform((note) => note ?? ''),
      }),
      { error: M.invalid },
    )
    .max(EXCEPTIONS_MAX, { error: M.capacityTooMany }),
}).superRefine((plan, ctx) => {
  const issue = (message: string, path: (string | number)[]) =>
    ctx.addIssue({ code: 'custom', message, path });
  const ids = new Set<string>();
  plan.windows.forEach((window, i) => {
    if (ids.has(window.id)) issue(M.invalid, ['windows', i, 'id']);
    ids.add(window.id);
    const times = isValidTime(window.start) && isValidTime(window.end);
    if (times && window.end <= window.start) issue(M.capacityWindowOrder, ['windows', i, 'end']);
  });
  // Windows may not overlap: a time of day belongs to one window, and a crew to one order in it.
  const ordered = plan.windows
    .map((window, index) => ({ window, index }))
    .sort((a, b) => a.window.start.localeCompare(b.window.start));
  for (let i = 1; i < ordered.length; i += 1) {
    const previous = ordered[i - 1]!.window;
    const { window, index } = ordered[i]!;
    if (window.start < previous.end && previous.start < previous.end) {
      issue(M.capacityOverlap, ['windows', index, 'start']);
    }
  }
  const days = new Set<string>();
  plan.exceptions.forEach((exception, i) => {
    const hasDate = exception.date !== undefined;
    const hasWeekday = exception.weekday !== undefined;
    if (hasDate === hasWeekday) {
      issue(M.capacityDay, ['exceptions', i, 'date']);
      return;
    }
    const day = hasDate ? `d:${exception.date}` : `w:${exception.weekday}`;
    if (days.has(day))
      issue(M.capacityDuplicateDay, ['exceptions', i, hasDate ? 'date' : 'weekday']);
    days.add(day);
    for (const id of Object.keys(exception.crews)) {
      if (!ids.has(id)) issue(M.capacityUnknownWindow, ['exceptions', i, 'crews', id]);
    }
  });
});
