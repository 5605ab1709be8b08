import { CURRENCY } from './pricing';
import type { DisplayLanguage } from './locale';
import { intlLocale } from './locale';

const moneyFormatters = new Map<DisplayLanguage, Intl.NumberFormat>();
const numberFormatters = new Map<DisplayLanguage, Intl.NumberFormat>();

/** Whole Egyptian pounds, as the spec prices everything: "EGP 1,500" / "‏١٬٥٠٠ ج.م.‏". */
export function formatMoney(amount: number, language: DisplayLanguage): string {
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
  // "EGP NaN" on a summary screen is worse than a visible zero.
  return format.format(Number.isFinite(amount) ? amount : 0);
}

/** Floors, workers and counts in the reader's digits (Arabic-Indic in Arabic). */
export function formatNumber(n: number, language: DisplayLanguage): string {
  let format = numberFormatters.get(language);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(language));
    numberFormatters.set(language, format);
  }
  return format.format(n);
}
