import { expect } from 'vitest';
import type { NewOrder } from '../../src/data/port';
import { toE164Egyptian } from '../../src/domain/phone';
import { newOrder } from '../../src/testing/order-fixtures';
import {
  provedPhone,
  provePhoneViaApi,
  uniquePhone,
  visitorUrl,
  type Visitor,
} from './phone-codes';

// Setting up a spec through the real API, in a visitor's browser context (its cookies), so the
// screens under test see the order as that visitor's own.

const json = { 'content-type': 'application/json' };

/**
 * Gives the visitor's browser the session of the customer who proved `phone` (D13): who may
 * book for it. A session that proved it already is kept.
 */
export async function startVisitorSession(visitor: Visitor, phone: string): Promise<void> {
  if ((await provedPhone(visitor)) === toE164Egyptian(phone)) return;
  await provePhoneViaApi(visitor, phone);
}

/**
 * Places `newOrder(patch)` (a valid cash order, priced by the catalog) as the visitor, who
 * first proves the order's number (a number of its own unless the patch names one: each
 * number may be sent only a few codes an hour).
 */
export async function placeOrderViaApi(
  visitor: Visitor,
  patch: Partial<NewOrder> = {},
): Promise<{ id: string; orderNumber: string; totalPrice: number; phoneNumber: string }> {
  const order = newOrder({ phoneNumber: uniquePhone(), ...patch });
  await startVisitorSession(visitor, order.phoneNumber);
  const response = await visitor.request.post(visitorUrl(visitor, '/api/orders'), {
    headers: json,
    data: order,
  });
  expect(response.status(), await response.text()).toBe(201);
  const { order: placed } = (await response.json()) as {
    order: { id: string; orderNumber: string; totalPrice: number; phoneNumber: string };
  };
  return {
    id: placed.id,
    orderNumber: placed.orderNumber,
    totalPrice: placed.totalPrice,
    phoneNumber: placed.phoneNumber,
  };
}
