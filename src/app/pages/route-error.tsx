import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import './pages.css';

/** Last line of defence: a broken screen shows a way out instead of a white page. */
export function RouteError() {
  const error = useRouteError();
  const { t, ready } = useTranslation('common', { useSuspense: false });
  console.error(error);
  if (!ready) return null;
  return (
    <main id="main" className="page">
      <div className="container-narrow card">
        <h1>{t('errorBoundary.title')}</h1>
        <p className="lead">{t('errorBoundary.body')}</p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('actions.reload')}
        </button>
      </div>
    </main>
  );
}
