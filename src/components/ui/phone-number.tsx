import { formatDigits } from '../../domain/money';
import { normalizeEgyptianMobile } from '../../domain/phone';
import { useDisplayLanguage } from '../../i18n/use-display-language';

/**
 * A phone number as the reader writes digits (Arabic-Indic on an Arabic page, like every other
 * number there), kept left to right so "+20" stays in front and its groups in their order. Only what is shown changes: tel:
 * links, copies and what is stored keep the Latin digits.
 */
export function PhoneNumber({ value }: { value: string }) {
  const language = useDisplayLanguage();
  return <bdi className="ltr-value ltr-digits">{formatDigits(value, language)}</bdi>;
}

/**
 * An Egyptian mobile as people write it, `010 1234 5678`, from any form the phone field accepts
 * (E.164 included); anything else as it is.
 */
export function groupMobile(value: string): string {
  const national = normalizeEgyptianMobile(value);
  return national === null
    ? value
    : `${national.slice(0, 3)} ${national.slice(3, 7)} ${national.slice(7)}`;
}
