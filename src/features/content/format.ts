// Arabic pages show Arabic-Indic digits (١٢٣), as Egyptians read them in Arabic text; English
// pages show Western digits. Numbers go through the domain's formatNumber (domain/money.ts).
export function localeFor(language: string): string {
  return language === 'ar' ? 'ar-EG' : 'en-GB';
}

/** A calendar date written as YYYY-MM-DD, shown in the visitor's language (Cairo time). */
export function formatDate(isoDate: string, language: string): string {
  return new Intl.DateTimeFormat(localeFor(language), {
    dateStyle: 'long',
    timeZone: 'Africa/Cairo',
  }).format(new Date(`${isoDate}T12:00:00Z`));
}
