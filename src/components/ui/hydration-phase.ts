// Whether what React renders now is the prerendered page being hydrated (D23). Its own module,
// free of imports, so the entry (src/main.tsx) can set it without loading React early.
//
// It is not over when the root first commits: a screen or a namespace still loading keeps its
// Suspense boundary dehydrated, and React hydrates it later. It is over once the visitor has
// left the address the page was prerendered for: what renders from then on is new.
let hydratingPath: string | null = null;

/** Called just before the page is hydrated (src/main.tsx). */
export function markPageHydrating(): void {
  hydratingPath = globalThis.location?.pathname ?? null;
}

export function isPageHydrating(): boolean {
  if (hydratingPath !== null && globalThis.location?.pathname !== hydratingPath) {
    hydratingPath = null;
  }
  return hydratingPath !== null;
}
