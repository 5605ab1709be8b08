import { describe, expect, it } from 'vitest';
import { caretAfterDigits, formatCardNumber, formatCvv, formatExpiry } from './card-format';

describe('card formatting', () => {
  it('groups card numbers by 4, accepts Arabic-Indic digits, stops at 19 digits', () => {
    expect(formatCardNumber('٤٢٤٢٤٢٤٢٤٢٤٢٤٢٤٢')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42')).toBe('4242 42');
    expect(formatCardNumber('1'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
    expect(formatCardNumber('')).toBe('');
  });

  it('writes the expiry as MM/YY once the year starts', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('١٢/٩٩')).toBe('12/99');
    expect(formatExpiry('12/999')).toBe('12/99');
  });

  it('keeps the CVV to 4 digits', () => {
    expect(formatCvv('١٢٣٤٥')).toBe('1234');
  });

  it('puts the caret after the same digit', () => {
    expect(caretAfterDigits('4242 4242', 4)).toBe(4);
    expect(caretAfterDigits('4242 4242', 5)).toBe(6);
    expect(caretAfterDigits('4242 4242', 0)).toBe(0);
    expect(caretAfterDigits('4242', 9)).toBe(4);
  });
});
