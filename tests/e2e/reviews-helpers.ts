import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import reviewsAr from '../../locales/ar/reviews.json';
import reviewsEn from '../../locales/en/reviews.json';
import commonAr from '../../locales/ar/common.json';
import commonEn from '../../locales/en/common.json';
import validationAr from '../../locales/ar/validation.json';
import validationEn from '../../locales/en/validation.json';
import { placeOrderViaApi } from './api-orders';
import { adminCookie } from './e2e-admin';
import { baseUrl, scrollThroughPage, type OpenedPage } from './harness';
import { statusSteps } from '../../src/testing/lifecycle-steps';

// Reviews come from customers' orders (docs/decisions.md D14). Each reviews spec file owns its
// server (ownServer): it books its own move through the API as its browser's visitor, the team
// (the e2e admin) delivers it through the API, and the review is found by its own words. One
// review per file: the one-a-minute rule (D2) counts every review from this machine's address.

export const T = {
  ar: { reviews: reviewsAr, common: commonAr, validation: validationAr },
  en: { reviews: reviewsEn, common: commonEn, validation: validationEn },
} as const;

export const norm = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();
/** This run's mark, so its reviews are found among any others: in Arabic, in Arabic digits. */
export const RUN = String(Date.now() % 10_000_000);

export function dropExpected(opened: OpenedPage, patterns: RegExp[]) {
  const keep = opened.errors.filter((e) => !patterns.some((p) => p.test(e)));
  opened.errors.splice(0, opened.errors.length, ...keep);
}
// Leaving Home closes its live reviews stream; the browser reports that as aborted.
export const STREAM_CLOSED = /GET .*\/api\/reviews\/stream \(net::ERR_ABORTED\)/;
// A full navigation (page.goto) can cut the favicon request short.
export const FAVICON_CUT = /GET .*\/favicon\.svg \(net::ERR_ABORTED\)/;

/** The team's calls, as the e2e admin. */
export async function asTeam(method: string, path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie: await adminCookie(baseUrl()) },
    body: JSON.stringify(body),
  });
  if (!res.ok)
    throw new Error(`e2e: ${method} ${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** A move of this browser's visitor, booked through the API and delivered by the team. */
export async function deliveredMove(page: Page, fullName: string) {
  const order = await placeOrderViaApi(page, { fullName });
  // The team's steps, one at a time (D17).
  for (const status of statusSteps('received', 'delivered')) {
    await asTeam('PATCH', `/api/orders/${order.id}`, { status });
  }
  const { order: stored } = (await (
    await page.request.get(`${baseUrl()}/api/orders/${order.id}`)
  ).json()) as { order: { moveDate: string } };
  return { ...order, moveDate: stored.moveDate };
}

/**
 * Home's reviews section, loaded (the visitor scrolled to it): its code and its reviews. The
 * section's buttons are there while the reviews still load (aria-busy, a card-sized skeleton in
 * the carousel's place); a spec that measured or read it then would see either, by luck.
 */
export async function reviewsSection(page: Page, lang: 'ar' | 'en'): Promise<Locator> {
  await scrollThroughPage(page);
  const section = page.getByRole('region', { name: T[lang].common.reviewsSection.title });
  await section.getByRole('button', { name: T[lang].reviews.dialog.open }).waitFor();
  await section.and(page.locator(':not([aria-busy])')).waitFor();
  await section.scrollIntoViewIfNeeded();
  return section;
}

export async function openDialog(page: Page, scope: Locator, lang: 'ar' | 'en') {
  const dialog = page.getByRole('dialog', { name: T[lang].reviews.dialog.title });
  // The page is the app's by now (openPage waits for it; Home's section is drawn by the app
  // itself): one tap opens the dialog.
  await scope.getByRole('button', { name: T[lang].reviews.dialog.open }).first().click();
  await dialog.waitFor();
  // A real modal: in the top layer, the rest of the page inert behind it.
  expect(await dialog.evaluate((d) => d.matches(':modal'))).toBe(true);
  return dialog;
}

/** The review settings at their default: held for approval. */
export async function holdReviews(): Promise<void> {
  await asTeam('PUT', '/api/reviews/settings', { publishAtOnce: false });
}
