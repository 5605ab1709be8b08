import { useState } from 'react';
import type { Order } from '../../../data/port';
import { isOrderStatus, type OrderStatus } from '../../../domain/status';

/** Cash still to collect; a cancelled order has nothing to collect (D3). */
export function canMarkPaid(order: Order): boolean {
  return (
    order.paymentMethod === 'cod' &&
    order.paymentStatus === 'pending' &&
    order.status !== 'cancelled'
  );
}

/**
 * One admin row's state: the status chosen in its select (reset when a reload brings a new
 * status), which action is running, and whether its details are open.
 */
export function useOrderRow(order: Order) {
  const [shownStatus, setShownStatus] = useState(order.status);
  const [next, setNext] = useState<OrderStatus>(
    isOrderStatus(order.status) ? order.status : 'received',
  );
  const [busy, setBusy] = useState<'status' | 'paid' | null>(null);
  const [open, setOpen] = useState(false);
  // A reloaded order with a new status resets the select to it.
  if (shownStatus !== order.status) {
    setShownStatus(order.status);
    if (isOrderStatus(order.status)) setNext(order.status);
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

  return { next, setNext, busy, run, open, toggle: () => setOpen((o) => !o) };
}
