import { z } from 'zod';
import { hasForbiddenChars } from './text';
import { normalizeTrackingInput } from './tracking-input';
import { VALIDATION_MESSAGES as M } from './validation-messages';

// Its own module, like every form's schema, so the tracking page builds this one and no other:
// all of them together took well over 100 ms of a slow phone's main thread. Built on its first
// use, not in the task that loads the page's code (its own memo: this module stays apart from
// schema-fields.ts and what that imports).
const buildTrackingInputSchema = () =>
  z
    .string({ error: M.trackingRequired })
    .transform(normalizeTrackingInput)
    .pipe(
      z
        .string()
        .min(1, { error: M.trackingRequired, abort: true })
        .refine((value) => !hasForbiddenChars(value), { error: M.textControlChars }),
    );
let built: ReturnType<typeof buildTrackingInputSchema> | undefined;
export const trackingInputSchema = () => (built ??= buildTrackingInputSchema());
export type TrackingInput = z.output<ReturnType<typeof trackingInputSchema>>;
