import { useTranslation } from 'react-i18next';

/** Shown while a screen's code or strings load; sized so the footer doesn't jump up and down. */
export function PageFallback() {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  return (
    <div className="page-fallback" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{ready ? t('loading') : '…'}</span>
    </div>
  );
}
