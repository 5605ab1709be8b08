import { z } from 'zod';
import type { OrderAdminUpdate } from './order';
import { ORDER_STATUSES, PAYMENT_STATUSES } from './status';
import { VALIDATION_MESSAGES as M } from './validation-messages';

/**
 * An admin's change to an order (D5): a status, a payment status, or both; nothing else. Every
 * backend parses the change with it (the server's PATCH /api/orders/:id, the hosted build's
 * updateOrder, the memory adapter); whether the change is allowed for the order, and what it
 * changes, is decided after (decideAdminUpdate, order-changes.ts). A field it does not know is
 * refused, not dropped: a typo must not look like a change made.
 */
export const orderAdminUpdateSchema = z
  .strictObject(
    {
      status: z.enum(ORDER_STATUSES, { error: M.invalid }).optional(),
      paymentStatus: z.enum(PAYMENT_STATUSES, { error: M.invalid }).optional(),
    },
    { error: M.invalid },
  )
  .refine((update) => update.status !== undefined || update.paymentStatus !== undefined, {
    error: M.invalid,
    path: ['status'],
  }) satisfies z.ZodType<OrderAdminUpdate>;
