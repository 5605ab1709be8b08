import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { track, type AnalyticsEventName } from '../../../analytics/analytics';
import { ForwardArrowIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';

/** "Start now": the entry to the booking flow. `event` says which of the home CTAs was used (spec 7). */
export function StartLink({
  event,
  className,
}: {
  event?: AnalyticsEventName;
  className?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <Link
      to={paths.selectCity}
      className={['btn btn-primary btn-lg', className].filter(Boolean).join(' ')}
      onClick={event ? () => track(event) : undefined}
    >
      {t('actions.startNow')}
      <ForwardArrowIcon />
    </Link>
  );
}
