import { useTranslation } from 'react-i18next';
import { formatMoveDay, formatTime } from '../../domain/datetime';
import type { MoveWindow } from '../../domain/order';
import { useDisplayLanguage } from '../../i18n/use-display-language';

/**
 * When the crew comes (D12, D19): the move's day with its weekday, and the arrival window
 * beside it ("الثلاثاء، ١٠ مارس ٢٠٢٦، من ٨:٠٠ ص إلى ١٢:٠٠ م"), in the page's digits; a bare time
 * for an order from before windows; the day alone when nothing else is known.
 */
export function MoveWhen({ date, window }: { date: string; window: MoveWindow | null }) {
  const { t } = useTranslation('common');
  const language = useDisplayLanguage();
  const day = formatMoveDay(date, language);
  const text = !window
    ? day
    : window.end
      ? t('common:moveWhen.window', {
          date: day,
          start: formatTime(window.start, language),
          end: formatTime(window.end, language),
        })
      : t('common:moveWhen.time', { date: day, time: formatTime(window.start, language) });
  return <time dateTime={window ? `${date}T${window.start}` : date}>{text}</time>;
}
