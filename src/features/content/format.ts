// Arabic pages show Arabic-Indic digits (١٢٣), as Egyptians read them in Arabic text; English
// pages show Western digits. Prices elsewhere follow the same rule through Intl.
export function localeFor(language: string): string {
  return language === 'ar' ? 'ar-EG' : 'en-GB';
}

export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(localeFor(language)).format(value);
}

/** A calendar date written as YYYY-MM-DD, shown in the visitor's language (Cairo time). */
export function formatDate(isoDate: string, language: string): string {
  return new Intl.DateTimeFormat(localeFor(language), {
    dateStyle: 'long',
    timeZone: 'Africa/Cairo',
  }).format(new Date(`${isoDate}T12:00:00Z`));
}
