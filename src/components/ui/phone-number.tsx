import { formatDigits } from '../../domain/money';
import { useDisplayLanguage } from '../../i18n/use-display-language';

export { groupMobile } from './group-mobile';

/**
 * A phone number as the reader writes digits (Arabic-Indic on an Arabic page, like every other
 * number there), kept left to right so "+20" stays in front and its groups in their order. Only
 * what is shown changes: tel: links, copies and what is stored keep the Latin digits.
 */
export function PhoneNumber({ value }: { value: string }) {
  const language = useDisplayLanguage();
  return <bdi className="ltr-value ltr-digits">{formatDigits(value, language)}</bdi>;
}
