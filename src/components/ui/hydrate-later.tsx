import {
  Suspense,
  use,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import { UNSAFE_LocationContext } from 'react-router';
import { isPageHydrating } from './hydration-phase';

/**
 * Hydrating a prerendered page costs the main thread in proportion to the page, not to what
 * the visitor does with it (D23). `HydrateLater` leaves its part of the page as the prerenderer
 * drew it, live HTML that is read, scrolled and styled as any other, and lets React take it over
 * only when it is needed: when the visitor touches it (a tap, a key, focus) or when it comes near
 * the viewport (200 px ahead, `rootMargin`). It is React's own selective hydration: a Suspense
 * boundary whose content is suspended on a gate stays dehydrated, and React hydrates it when the
 * gate opens.
 *
 * A first tap is not lost: the gate opens in a capture listener on the window, which runs
 * before React's own listener on the root; React then finds a boundary it can hydrate, does so
 * at once (it does that for every discrete event on a dehydrated boundary) and hands it the
 * event. A part rendered after the first hydration (the visitor navigated here) renders at once.
 */

type GatePromise = Promise<void> & { status: 'pending' | 'fulfilled'; value?: undefined };
interface Gate {
  promise: GatePromise;
  open(): void;
  readonly opened: boolean;
  /** Its HydrateLater has committed (a render after that is a re-render). */
  readonly mounted: boolean;
  markMounted(): void;
}

export function createGate(): Gate {
  let resolve!: () => void;
  let mounted = false;
  // React reads a settled promise's `status` and does not suspend on it.
  const promise = Object.assign(
    new Promise<void>((done) => {
      resolve = done;
    }),
    { status: 'pending' as const },
  ) as GatePromise;
  return {
    promise,
    open() {
      if (promise.status === 'fulfilled') return;
      promise.status = 'fulfilled';
      promise.value = undefined;
      resolve();
    },
    get opened() {
      return promise.status === 'fulfilled';
    },
    get mounted() {
      return mounted;
    },
    markMounted() {
      mounted = true;
    },
  };
}

/** What a visitor does first when they use a part of the page. */
export const INPUT_EVENTS = [
  'pointerdown',
  'touchstart',
  'mousedown',
  'keydown',
  'focusin',
  'click',
];

/** The attribute a HydrateLater's wrapper gets once React has its content (for tests, devtools). */
export const HYDRATED_PART_ATTRIBUTE = 'data-hydrated-part';

/**
 * Gates made but not yet watched (their HydrateLater has not committed). A tap in that moment,
 * on a page React has not finished taking over, opens them all: it may be on one of them.
 */
const unwatched = new Set<Gate>();
function openUnwatched(): void {
  for (const gate of unwatched) gate.open();
  unwatched.clear();
}
if (typeof window !== 'undefined') {
  for (const type of INPUT_EVENTS) {
    window.addEventListener(type, openUnwatched, { capture: true, passive: true });
  }
}

/**
 * The event being handled, if it is the visitor's input: React hydrates a part synchronously
 * for it, and a part rendered for the first time then must not wait (the tap may be on it).
 */
function handlingInput(): boolean {
  const event = typeof window === 'undefined' ? undefined : window.event;
  return event !== undefined && INPUT_EVENTS.includes(event.type);
}

function Gated({
  gate,
  wrapper,
  children,
}: {
  gate: Gate | null;
  wrapper: RefObject<HTMLDivElement | null>;
  children: ReactNode;
}) {
  if (gate) use(gate.promise as Promise<void>);
  useLayoutEffect(() => {
    wrapper.current?.setAttribute(HYDRATED_PART_ATTRIBUTE, '');
  }, [wrapper]);
  return children;
}

/**
 * Calls `open` when the visitor first touches (or focuses) something inside `element`, or when
 * it comes within `rootMargin` of the viewport; returns what stops listening.
 */
export function watchGate(
  element: HTMLElement,
  open: () => void,
  { rootMargin = '200px 0px' }: { rootMargin?: string } = {},
): () => void {
  const stops: (() => void)[] = [];
  const onInput = (event: Event) => {
    if (event.target instanceof Node && element.contains(event.target)) open();
  };
  for (const type of INPUT_EVENTS) {
    window.addEventListener(type, onInput, { capture: true, passive: true });
    stops.push(() => window.removeEventListener(type, onInput, { capture: true }));
  }
  {
    if (typeof IntersectionObserver === 'undefined') {
      open();
    } else {
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) open();
        },
        { rootMargin },
      );
      // The wrapper has no box of its own (display: contents): its children are what shows.
      for (const child of Array.from(element.children)) observer.observe(child);
      stops.push(() => observer.disconnect());
    }
  }
  return () => {
    for (const stop of stops) stop();
  };
}

export function HydrateLater({
  rootMargin,
  children,
}: {
  rootMargin?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // The language its prerendered HTML is in. The language is global (i18next): once it changes,
  // anything rendered reads the new one, so React must never hydrate that HTML after it (it
  // would not match: React #418). The boundary is keyed by the language: a switch replaces the
  // held-back part with one drawn anew, in the new language, and nothing is hydrated against
  // the old text.
  // (Only the language is read: never suspends on a namespace.)
  const { i18n } = useTranslation('common', { useSuspense: false });
  const language = i18n.language;
  // It reads the address too, so that a navigation renders it (and opens its gate, below)
  // before React reaches the held-back boundary: a dehydrated boundary cannot tell which
  // context its content reads, so a change of the router's (or any provider's) value makes
  // React hydrate it then, with the state of before the change, or hold the change back until
  // it can. The app's other providers above these parts keep one value (the session is a
  // store, useSession).
  useContext(UNSAFE_LocationContext);
  // Only a part that is being hydrated waits: one rendered later renders at once.
  const [gate] = useState(() => {
    if (!isPageHydrating() || handlingInput()) return null;
    const made = createGate();
    unwatched.add(made);
    return made;
  });
  // Rendered again before its gate opened: what it shows may have changed, so React takes it
  // over now (a dehydrated boundary that receives new content would otherwise be thrown away
  // and drawn again from its empty fallback).
  if (gate?.mounted && !gate.opened) gate.open();

  useEffect(() => {
    if (gate) unwatched.delete(gate);
    gate?.markMounted();
    const element = ref.current;
    if (!gate || gate.opened || !element) return;
    // Nothing prerendered to keep (it was rendered in the browser after all): show it now.
    if (element.childElementCount === 0) {
      gate.open();
      return;
    }
    const open = () => {
      gate.open();
      stop();
    };
    const stop = watchGate(element, open, rootMargin ? { rootMargin } : {});
    return stop;
  }, [gate, rootMargin]);

  return (
    <div ref={ref} className="hydrate-later">
      <Suspense key={language} fallback={null}>
        <Gated gate={gate} wrapper={ref}>
          {children}
        </Gated>
      </Suspense>
    </div>
  );
}
