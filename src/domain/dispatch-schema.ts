import { z } from 'zod';
import { isValidYmd } from './datetime';
import type { AssignmentChoice } from './dispatch';
import { VALIDATION_MESSAGES as M } from './validation-messages';

// Admin: giving an order to a crew (D28). Its own module, like the plan's and the fleet's.

const id = z.string({ error: M.invalid }).trim().min(1, { error: M.invalid }).max(40, {
  error: M.invalid,
});

export const assignmentChoiceSchema = z.strictObject(
  {
    crewId: id,
    truckId: id.nullable().optional(),
    date: z.string({ error: M.dateInvalid }).trim().refine(isValidYmd, { error: M.dateInvalid }),
    windowId: id,
  },
  { error: M.invalid },
) satisfies z.ZodType<AssignmentChoice>;
