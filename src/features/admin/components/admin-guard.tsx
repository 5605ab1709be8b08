import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { paths } from '../../../config/paths';
import { useSession } from '../../../data/react/session-context';

/**
 * Renders its children only once the BACKEND has said the visitor is an admin (D2); anyone else
 * goes to / (spec section 2). Until the session is known it shows a loading line, so an admin
 * never sees a flash of the home page. Browser storage plays no part: `isAdmin` comes from the
 * server's answer about the session.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation('admin');
  const { user, ready } = useSession();
  if (ready === false) {
    return (
      <div className="container page admin-guard">
        <LoadingStatus className="admin-loading">{t('guard.checking')}</LoadingStatus>
      </div>
    );
  }
  if (!user?.isAdmin) return <Navigate to={paths.home} replace />;
  return <>{children}</>;
}
