// API tests that need an order in a given status walk it there as the office does (D17): the
// lifecycle's steps one at a time, and going back only through its own action.
import type { Order } from '../../src/domain/order.ts';
import type { OrderStatus } from '../../src/domain/status.ts';
import { statusSteps } from '../../src/testing/lifecycle-steps.ts';
import type { TestClient } from './test-server.ts';

async function expectOrder(
  response: Promise<{ status: number; body: unknown }>,
  what: string,
): Promise<Order> {
  const res = await response;
  if (res.status !== 200)
    throw new Error(`${what} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return (res.body as { order: Order }).order;
}

/** Moves order `id` on to `to` through PATCH /api/orders/:id, step by step; the order after. */
export async function moveOrderTo(admin: TestClient, id: string, to: OrderStatus): Promise<Order> {
  let order = await expectOrder(admin.request('GET', `/api/orders/${id}`), 'GET the order');
  for (const status of statusSteps(order.status, to)) {
    order = await expectOrder(
      admin.request('PATCH', `/api/orders/${id}`, { status }),
      `PATCH to ${status}`,
    );
  }
  return order;
}

/** Takes a delivered order back in transit: the admin's reopen, with a reason (D17). */
export function reopenOrder(
  admin: TestClient,
  id: string,
  reason = 'Not delivered after all',
): Promise<Order> {
  return expectOrder(
    admin.request('POST', `/api/orders/${id}/go-back`, { action: 'reopen', reason }),
    'reopen',
  );
}
