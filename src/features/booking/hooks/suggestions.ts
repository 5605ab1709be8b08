/** Spec section 3, "Browser storage": the last entries typed, offered again as suggestions. */
export const SUGGESTION_KEYS = {
  fullName: 'fullNameSuggestions',
  phoneNumber: 'phoneSuggestions',
} as const;
export const SUGGESTIONS_MAX = 10;

export type SuggestionKind = keyof typeof SUGGESTION_KEYS;

function defaultStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function readSuggestions(
  kind: SuggestionKind,
  storage: Storage | undefined = defaultStorage(),
): string[] {
  try {
    const raw = storage?.getItem(SUGGESTION_KEYS[kind]);
    const list: unknown = raw ? JSON.parse(raw) : [];
    if (!Array.isArray(list)) return [];
    return dedupe(list.filter((v): v is string => typeof v === 'string')).slice(0, SUGGESTIONS_MAX);
  } catch {
    return [];
  }
}

function dedupe(values: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of values) {
    const trimmed = value.trim();
    const key = trimmed.toLowerCase();
    if (trimmed === '' || trimmed.length > 200 || seen.has(key)) continue;
    seen.add(key);
    out.push(trimmed);
  }
  return out;
}

/** Most recent first, no duplicates, at most ten. */
export function rememberSuggestion(
  kind: SuggestionKind,
  value: string,
  storage: Storage | undefined = defaultStorage(),
): string[] {
  const next = dedupe([value, ...readSuggestions(kind, storage)]).slice(0, SUGGESTIONS_MAX);
  try {
    storage?.setItem(SUGGESTION_KEYS[kind], JSON.stringify(next));
  } catch {
    // Suggestions are a convenience; full or blocked storage changes nothing else.
  }
  return next;
}
