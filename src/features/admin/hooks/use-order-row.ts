import { useState } from 'react';
import type { Order } from '../../../data/port';
import { nextStatuses, type OrderStatus } from '../../../domain/status';

/** Cash still to collect; a cancelled order has nothing to collect (D3). */
export function canMarkPaid(order: Order): boolean {
  return (
    order.paymentMethod === 'cod' &&
    order.paymentStatus === 'pending' &&
    order.status !== 'cancelled'
  );
}

/**
 * One admin row's state: the next statuses the lifecycle allows (D17) and the one chosen in its
 * select (reset when a reload brings a new status), which action is running, and whether its
 * details are open.
 */
export function useOrderRow(order: Order) {
  const [shownStatus, setShownStatus] = useState(order.status);
  // Only the lifecycle's next steps are offered (D17); the forward one comes first.
  const choices = nextStatuses(order.status, 'admin');
  const [next, setNext] = useState<OrderStatus | null>(choices[0] ?? null);
  const [busy, setBusy] = useState<'status' | 'paid' | null>(null);
  const [open, setOpen] = useState(false);
  // A reloaded order with a new status resets the select to its first next step.
  if (shownStatus !== order.status) {
    setShownStatus(order.status);
    setNext(choices[0] ?? null);
  }

  /** Runs one action at a time; the row's buttons are disabled meanwhile. */
  const run = async (kind: 'status' | 'paid', action: () => Promise<void>) => {
    setBusy(kind);
    try {
      await action();
    } finally {
      setBusy(null);
    }
  };

  return { choices, next, setNext, busy, run, open, toggle: () => setOpen((o) => !o) };
}
