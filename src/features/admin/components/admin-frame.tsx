import type { ReactNode } from 'react';
import { AdminGuard } from './admin-guard';
import { AdminNav } from './admin-nav';
import { Toast, useNotices, type Notify } from './toast';
import './admin.css';
import './admin-plan.css';

/**
 * An admin page (D2: guarded by the backend's answer): its title, the admin's pages, then the
 * page itself, with the toast for what its actions did.
 */
interface AdminFrameProps {
  metaTitle: string;
  title: string;
  lead: string;
  children: (notify: Notify) => ReactNode;
}

export function AdminFrame(props: AdminFrameProps) {
  return (
    <AdminGuard>
      <AdminFrameBody {...props} />
    </AdminGuard>
  );
}

function AdminFrameBody({ metaTitle, title, lead, children }: AdminFrameProps) {
  const { notice, notify, dismiss } = useNotices();
  return (
    <div className="container page admin-page">
      <title>{metaTitle}</title>
      <AdminNav />
      <header className="admin-header">
        <h1>{title}</h1>
        <p className="lead">{lead}</p>
      </header>
      {children(notify)}
      <Toast notice={notice} onDismiss={dismiss} />
    </div>
  );
}
