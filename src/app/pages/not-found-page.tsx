import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { formatNumber } from '../../domain/money';
import { useDisplayLanguage } from '../../i18n/use-display-language';
import './pages.css';
import { PageTitle } from '../../components/ui/page-title';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  // Arabic pages show ٤٠٤, like every other number on them.
  const code = formatNumber(404, useDisplayLanguage());
  return (
    <div className="page">
      <div className="container-narrow card not-found">
        <p className="not-found-code ltr-value" aria-hidden="true">
          {code}
        </p>
        <PageTitle title={t('notFound.title')} />
        <h1>{t('notFound.title')}</h1>
        <p className="lead">{t('notFound.body')}</p>
        <Link className="btn btn-primary" to={paths.home}>
          {t('actions.backHome')}
        </Link>
      </div>
    </div>
  );
}
