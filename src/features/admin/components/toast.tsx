import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../../components/ui/icons';

export interface Notice {
  kind: 'success' | 'error';
  /** Translated title, e.g. the spec's "Status updated" / "Error during update". */
  title: string;
  detail?: string | undefined;
}

export type Notify = (notice: Notice) => void;

/** The latest notice, with a fresh id each time so the same text is announced again. */
export function useNotices() {
  const [notice, setNotice] = useState<(Notice & { id: number }) | null>(null);
  const counter = useRef(0);
  const notify = useCallback<Notify>((next) => {
    counter.current += 1;
    setNotice({ ...next, id: counter.current });
  }, []);
  const dismiss = useCallback(() => setNotice(null), []);
  return { notice, notify, dismiss };
}

/**
 * The spec's alerts as a toast in live regions (never window.alert): successes are polite,
 * failures assertive. Both regions are always in the page, so screen readers hear each change.
 */
export function Toast({
  notice,
  onDismiss,
}: {
  notice: (Notice & { id: number }) | null;
  onDismiss(): void;
}) {
  const { t } = useTranslation('admin');
  const body = (kind: Notice['kind']) =>
    notice && notice.kind === kind ? (
      <div key={notice.id} className={`admin-toast alert alert-${kind}`}>
        <p>
          <strong>{notice.title}</strong>
          {notice.detail && <span className="admin-toast-detail">{notice.detail}</span>}
        </p>
        <button
          type="button"
          className="btn btn-ghost admin-toast-close"
          onClick={onDismiss}
          aria-label={t('toast.dismiss')}
        >
          <CloseIcon />
        </button>
      </div>
    ) : null;
  return (
    <div className="admin-toasts">
      <div role="status" aria-live="polite">
        {body('success')}
      </div>
      <div role="alert" aria-live="assertive">
        {body('error')}
      </div>
    </div>
  );
}
