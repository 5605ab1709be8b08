import { describe, expect, it } from 'vitest';
import ar from '../../../locales/ar/pricing.json';
import en from '../../../locales/en/pricing.json';
import { HOUSING_TYPES, MOVE_TYPES } from '../../domain/pricing';

// Key parity between the languages is checked for every bundle in src/i18n; this checks that the
// bundle keeps up with the domain: a new move type or housing type needs a name in both languages.
describe('pricing translations', () => {
  it.each([
    ['ar', ar],
    ['en', en],
  ] as const)('name and describe every move type and housing type (%s)', (_language, bundle) => {
    const moveTypes = bundle.moveTypes as Record<string, { label?: string; description?: string }>;
    const housing = bundle.housing as Record<string, string | undefined>;
    for (const type of MOVE_TYPES) {
      expect(moveTypes[type]?.label, type).toBeTruthy();
      expect(moveTypes[type]?.description, type).toBeTruthy();
    }
    for (const type of HOUSING_TYPES) expect(housing[type], type).toBeTruthy();
  });
});
