import '@testing-library/jest-dom/vitest';
import { createRequire } from 'node:module';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// findBy… and waitFor wait for a state; how long the machine may take to reach it is not what a
// test asserts. One second, the library's default, was missed on a busy two-core machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// The files a worker runs share one window (vite.config.ts): a clock or an address a file left
// behind does not reach the next file.
afterAll(() => {
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

// jsdom lacks these browser APIs; screens use them for layout and motion preferences.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: vi.fn((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  });
}
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
if (!('IntersectionObserver' in window)) {
  class NoopObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  Object.defineProperty(window, 'IntersectionObserver', {
    value: NoopObserver,
    configurable: true,
  });
}
HTMLMediaElement.prototype.play = vi.fn(() => Promise.resolve());
HTMLMediaElement.prototype.pause = vi.fn();

/** The parts of jsdom's internals a label's control is found with. */
interface LabelImpl {
  hasAttributeNS(namespace: null, name: string): boolean;
  getAttributeNS(namespace: null, name: string): string | null;
  getRootNode(options: object): { _ids?: Record<string, LabelImpl[]> };
}
const FAST_CONTROL = Symbol.for('afsh.test.fastLabelControl');

/**
 * An element's accessible name (every getByRole with a name) reads its labels, and jsdom finds
 * them by asking every label of the document for its control, each walking the whole document
 * for its `for` id: with the admin's table of 50 orders, seconds per query. Here a label finds
 * its control in the document's own index of ids instead, when exactly one element of the
 * label's tree has that id: the element jsdom's walk would stop at. Anything else (no such
 * element, a duplicate id, a detached tree) still takes jsdom's walk, so every answer is
 * jsdom's.
 */
function findLabelControlsByIndex(): void {
  const require = createRequire(import.meta.url);
  const utils = require('jsdom/lib/jsdom/living/generated/utils.js') as {
    implForWrapper(wrapper: unknown): object | null | undefined;
  };
  const { isLabelable } = require('jsdom/lib/jsdom/living/helpers/form-controls.js') as {
    isLabelable(node: unknown): boolean;
  };
  const impl = utils.implForWrapper(document.createElement('label'));
  // Another copy of jsdom than the environment's: leave it as it is.
  if (!impl) return;
  const proto = Object.getPrototypeOf(impl) as Record<symbol, unknown>;
  const walk = Object.getOwnPropertyDescriptor(proto, 'control')?.get;
  if (!walk || proto[FAST_CONTROL]) return;
  Object.defineProperty(proto, 'control', {
    configurable: true,
    get(this: LabelImpl) {
      const id = this.hasAttributeNS(null, 'for') ? this.getAttributeNS(null, 'for') : null;
      if (id) {
        const root = this.getRootNode({});
        const inTree = (root._ids?.[id] ?? []).filter((el) => el.getRootNode({}) === root);
        if (inTree.length === 1) return isLabelable(inTree[0]) ? inTree[0] : null;
      }
      return walk.call(this);
    },
  });
  proto[FAST_CONTROL] = true;
}
findLabelControlsByIndex();
