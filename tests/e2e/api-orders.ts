import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { NewOrder } from '../../src/data/port';
import { toE164Egyptian } from '../../src/domain/phone';
import { newOrder } from '../../src/testing/order-fixtures';
import { provedPhone, provePhoneViaApi, uniquePhone } from './phone-codes';

// Setting up a spec through the real API, in the browser context of `page` (its cookies), so the
// screens under test see the order as that visitor's own.

const json = { 'content-type': 'application/json' };
const at = (page: Page, path: string) => new URL(path, page.url()).toString();

/**
 * Gives `page`'s browser the session of the customer who proved `phone` (D13): who may book
 * for it. A session that proved it already is kept.
 */
export async function startVisitorSession(page: Page, phone: string): Promise<void> {
  if ((await provedPhone(page)) === toE164Egyptian(phone)) return;
  await provePhoneViaApi(page, phone);
}

/**
 * Places `newOrder(patch)` (a valid cash order, priced by the catalog) as `page`'s visitor, who
 * first proves the order's number (a number of its own unless the patch names one: each
 * number may be sent only a few codes an hour).
 */
export async function placeOrderViaApi(
  page: Page,
  patch: Partial<NewOrder> = {},
): Promise<{ id: string; orderNumber: string; totalPrice: number; phoneNumber: string }> {
  const order = newOrder({ phoneNumber: uniquePhone(), ...patch });
  await startVisitorSession(page, order.phoneNumber);
  const response = await page.request.post(at(page, '/api/orders'), {
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
