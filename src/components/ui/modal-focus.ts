import type { KeyboardEvent } from 'react';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Tab and Shift+Tab stay inside a modal panel: from its last control to its first and back. A
 * panel that holds the focus itself (as it opens, before its content is there) sends Shift+Tab
 * to its last control. Call it from the panel's keydown.
 */
export function keepTabInside(event: KeyboardEvent<HTMLElement>, panel: HTMLElement | null): void {
  if (event.key !== 'Tab' || !panel) return;
  const items = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === panel)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
