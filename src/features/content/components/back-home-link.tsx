import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BackArrowIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';

/** Always goes home (unlike the shared BackButton, which goes to the previous page). */
export function BackHomeLink({ className = 'btn btn-ghost' }: { className?: string }) {
  const { t } = useTranslation('common');
  return (
    <Link to={paths.home} className={className}>
      <BackArrowIcon />
      {t('actions.backHome')}
    </Link>
  );
}
