import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { NewOrder } from '../../src/data/port';
import { newOrder } from '../../src/testing/order-fixtures';

// Setting up a spec through the real API, in the browser context of `page` (its cookies), so the
// screens under test see the order as that visitor's own.

const json = { 'content-type': 'application/json' };
const at = (page: Page, path: string) => new URL(path, page.url()).toString();

/** Gives `page`'s browser a session (anonymous, or the one it already has), as ordering does. */
export async function startVisitorSession(page: Page): Promise<void> {
  const session = await page.request.post(at(page, '/api/auth/anonymous'), {
    headers: json,
    data: {},
  });
  expect(session.ok()).toBe(true);
}

/** Places `newOrder(patch)` (a valid cash order, priced by the catalog) as `page`'s visitor. */
export async function placeOrderViaApi(
  page: Page,
  patch: Partial<NewOrder> = {},
): Promise<{ id: string; orderNumber: string; totalPrice: number }> {
  await startVisitorSession(page);
  const response = await page.request.post(at(page, '/api/orders'), {
    headers: json,
    data: newOrder(patch),
  });
  expect(response.status()).toBe(201);
  const { order } = (await response.json()) as {
    order: { id: string; orderNumber: string; totalPrice: number };
  };
  return { id: order.id, orderNumber: order.orderNumber, totalPrice: order.totalPrice };
}
