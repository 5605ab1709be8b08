import { CURRENCY } from './currency';
import type { DisplayLanguage } from './locale';
import { intlLocale } from './locale';

// Whole, non-negative amounts (every price and count the app shows) are written here, to the
// letter as Intl writes them for ar-EG and en-EG (money.test.ts compares the two over many
// values). Two reasons not to ask Intl each time: the first Intl object a page creates makes the
// browser load its locale data, 20 ms and more on a phone, in the middle of hydrating the page;
// and the prerendered HTML (Node's ICU) and the browser (Chrome's) could disagree by a mark or
// a space, which hydration reports as a mismatch. Other numbers still go through Intl.

const ARABIC_INDIC_DIGITS = '٠١٢٣٤٥٦٧٨٩';
const ARABIC_THOUSANDS_SEPARATOR = '\u066C';
const RLM = '\u200F';
const NBSP = '\u00A0';
const ARABIC_POUND_SIGN = 'ج.م.';

/** Digits in the reader's script, nothing else changed: "2026" → "٢٠٢٦" in Arabic. */
export function formatDigits(value: number | string, language: DisplayLanguage): string {
  const text = String(value);
  return language === 'ar' ? text.replace(/\d/g, (d) => ARABIC_INDIC_DIGITS[Number(d)]!) : text;
}

function isWhole(n: number): boolean {
  return Number.isSafeInteger(n) && n >= 0;
}

function grouped(whole: number, language: DisplayLanguage): string {
  const separator = language === 'ar' ? ARABIC_THOUSANDS_SEPARATOR : ',';
  return formatDigits(String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, separator), language);
}

const moneyFormatters = new Map<DisplayLanguage, Intl.NumberFormat>();
const numberFormatters = new Map<DisplayLanguage, Intl.NumberFormat>();

/** Whole Egyptian pounds, as the spec prices everything: "EGP 1,500" / "‏١٬٥٠٠ ج.م.‏". */
export function formatMoney(amount: number, language: DisplayLanguage): string {
  // "EGP NaN" on a summary screen is worse than a visible zero.
  const value = Number.isFinite(amount) ? amount : 0;
  const whole = Math.round(value);
  if (isWhole(whole)) {
    return language === 'ar'
      ? `${RLM}${grouped(whole, 'ar')}${NBSP}${ARABIC_POUND_SIGN}${RLM}`
      : `${CURRENCY}${NBSP}${grouped(whole, 'en')}`;
  }
  let format = moneyFormatters.get(language);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(language), {
      style: 'currency',
      currency: CURRENCY,
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    moneyFormatters.set(language, format);
  }
  return format.format(value);
}

/** Floors, workers and counts in the reader's digits (Arabic-Indic in Arabic). */
export function formatNumber(n: number, language: DisplayLanguage): string {
  if (isWhole(n)) return grouped(n, language);
  let format = numberFormatters.get(language);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(language));
    numberFormatters.set(language, format);
  }
  return format.format(n);
}
