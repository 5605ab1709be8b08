import { z } from 'zod';
import { isValidYmd } from './datetime';
import { text } from './schema-fields';
import { GO_BACK_ACTIONS } from './status';
import { VALIDATION_MESSAGES as M } from './validation-messages';

/** A reason is a sentence for a colleague and the customer to read, not an essay (D17). */
export const REASON_MIN = 3;
export const REASON_MAX = 500;

function reason() {
  return text(M.lifecycleReasonRequired, REASON_MIN, REASON_MAX, M.lifecycleReasonLength, {
    multiline: true,
  });
}

/** What going back says: which action (D17) and, always, why. */
export interface OrderGoBack {
  action: (typeof GO_BACK_ACTIONS)[number];
  reason: string;
}

/** A move to another date and window (D17); the office may say why (a phone call). */
export interface OrderReschedule {
  moveDate: string;
  windowId: string;
  reason?: string | undefined;
}

/**
 * An admin's going back (D17), parsed the same by the server's POST /api/orders/:id/go-back, the
 * hosted build's goBackOrder and the memory adapter. Whether the order may go back is decided
 * after (decideGoBack, lifecycle.ts). A field it does not know is refused.
 */
export const orderGoBackSchema = z.strictObject(
  {
    action: z.enum(GO_BACK_ACTIONS as [OrderGoBack['action'], ...OrderGoBack['action'][]], {
      error: M.invalid,
    }),
    reason: reason(),
  },
  { error: M.invalid },
) satisfies z.ZodType<OrderGoBack>;

/**
 * A reschedule's new date and window (D17): its shape only. Whether the date is bookable, the
 * window one of the plan's with a free crew, and the order one that may move, is decided after
 * (decideReschedule), against the backend's clock, plan and count.
 */
export const orderRescheduleSchema = z.strictObject(
  {
    moveDate: z
      .string({ error: M.dateInvalid })
      .trim()
      .refine(isValidYmd, { error: M.dateInvalid }),
    windowId: z
      .string({ error: M.timeNoWindow })
      .trim()
      .min(1, { error: M.timeNoWindow })
      .max(40, { error: M.timeNoWindow }),
    reason: reason().optional(),
  },
  { error: M.invalid },
) satisfies z.ZodType<OrderReschedule>;
