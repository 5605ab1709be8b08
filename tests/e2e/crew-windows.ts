import type { Locator, Page } from 'playwright-core';
import { formatTime } from '../../src/domain/datetime';

/** A crew window as the date screen names its radio: "8:00 AM – 12:00 PM", "٨:٠٠ ص – ١٢:٠٠ م". */
export function windowName(start: string, end: string, lang: 'ar' | 'en'): string {
  return `${formatTime(start, lang)} – ${formatTime(end, lang)}`;
}

/** Picks a free crew window of the chosen date once the screen offers it (D12). */
export async function chooseWindow(
  scope: Page | Locator,
  lang: 'ar' | 'en',
  start = '08:00',
  end = '12:00',
): Promise<void> {
  await scope.getByRole('radio', { name: windowName(start, end, lang), exact: true }).check();
}
