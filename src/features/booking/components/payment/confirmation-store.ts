import { z } from 'zod';

/**
 * What the confirmation screen shows (the spec's navigation state plus the order number). It is
 * kept under its own session key because the booking flow is cleared once the order is shown:
 * a reload of /confirmation still finds it.
 */
export const CONFIRMATION_STORAGE_KEY = 'afsh.confirmation';

export const confirmationSchema = z.object({
  orderId: z.string().min(1).max(200),
  orderNumber: z.string().min(1).max(64),
  paid: z.boolean(),
  paymentMethod: z.enum(['card', 'cod']),
  totalPrice: z.number().finite().min(0),
});
export type ConfirmationSummary = z.infer<typeof confirmationSchema>;

export function parseConfirmation(value: unknown): ConfirmationSummary | null {
  const parsed = confirmationSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function readConfirmation(): ConfirmationSummary | null {
  try {
    const raw = sessionStorage.getItem(CONFIRMATION_STORAGE_KEY);
    return raw ? parseConfirmation(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

export function writeConfirmation(summary: ConfirmationSummary): void {
  try {
    sessionStorage.setItem(CONFIRMATION_STORAGE_KEY, JSON.stringify(summary));
  } catch {
    // Blocked storage: the navigation state still carries the summary for this visit.
  }
}
