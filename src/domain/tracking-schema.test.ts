import { describe, expect, it } from 'vitest';
import { dataOf, issuesOf } from '../testing/schema-results';
import { normalizeTrackingInput } from './tracking-input';
import { trackingInputSchema } from './tracking-schema';
import { VALIDATION_MESSAGES as M } from './validation-messages';

describe('tracking input (spec 5)', () => {
  it.each<[string, string]>([
    ['AF-20250101-123', 'AF-20250101-123'],
    ['##AF-20250101-123 ', 'AF-20250101-123'],
    ['  #AF-20250101-123', 'AF-20250101-123'],
    ['# AF-20250101-123', 'AF-20250101-123'],
    ['af-20250101-123', 'AF-20250101-123'],
    ['#af-٢٠٢٥٠١٠١-١٢٣', 'AF-20250101-123'],
    ['\u200F#AF-20250101-1234\u200F', 'AF-20250101-1234'],
    ['xyz', 'XYZ'], // not an AF number: the backend answers "not found"
    ['AF-2025#1', 'AF-2025#1'], // only leading # are removed
  ])('%j → %s', (input, expected) => {
    expect(normalizeTrackingInput(input)).toBe(expected);
    expect(dataOf(trackingInputSchema().safeParse(input))).toBe(expected);
  });

  it.each<[unknown]>([[''], ['   '], ['#'], ['## '], [undefined], [null]])(
    '%j → please enter the order number',
    (input) => {
      expect(issuesOf(trackingInputSchema().safeParse(input))).toEqual([['', M.trackingRequired]]);
    },
  );
});
