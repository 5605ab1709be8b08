import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** D3: every screen that shows a card payment says plainly that nothing was charged. */
export function TestModeNotice({ children }: { children: ReactNode }) {
  const { t } = useTranslation('payment');
  return (
    <div className="test-mode-notice" role="note">
      <strong className="test-mode-badge">{t('testMode.title')}</strong>
      <span>{children}</span>
    </div>
  );
}
