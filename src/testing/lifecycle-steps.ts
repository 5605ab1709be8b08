// Tests that need an order in a given status walk it there the way the office would (D17): one
// allowed step at a time, never a jump the lifecycle refuses.
import { STATUS_MOVES, type OrderStatus, type StatusMover } from '../domain/status';

/**
 * The statuses an order in `from` goes through to reach `to` by `by`'s moves (the shortest way,
 * `to` last; empty when it is there already). Throws when the lifecycle has no way there (from
 * cancelled or delivered, only going back leads on).
 */
export function statusSteps(
  from: OrderStatus,
  to: OrderStatus,
  by: StatusMover = 'admin',
): OrderStatus[] {
  const cameFrom = new Map<OrderStatus, OrderStatus | null>([[from, null]]);
  const queue: OrderStatus[] = [from];
  while (queue.length > 0) {
    const at = queue.shift()!;
    if (at === to) break;
    for (const move of STATUS_MOVES) {
      if (move.from !== at || !move.by.includes(by) || cameFrom.has(move.to)) continue;
      cameFrom.set(move.to, at);
      queue.push(move.to);
    }
  }
  if (!cameFrom.has(to)) throw new Error(`The lifecycle has no way from ${from} to ${to}`);
  const steps: OrderStatus[] = [];
  for (let at: OrderStatus | null = to; at !== null && at !== from; at = cameFrom.get(at)!) {
    steps.unshift(at);
  }
  return steps;
}

/**
 * Moves `order` to `to` through `update` (an admin's DataPort `orders.update`, an API call, a
 * function call), one step at a time; resolves with what the last step answered (the order as
 * given when it is there already).
 */
export async function walkStatus<O extends { id: string; status: OrderStatus }>(
  order: O,
  to: OrderStatus,
  update: (id: string, change: { status: OrderStatus }) => Promise<O>,
): Promise<O> {
  let last = order;
  for (const status of statusSteps(order.status, to)) last = await update(order.id, { status });
  return last;
}
