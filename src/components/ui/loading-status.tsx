import type { ReactNode } from 'react';
import './loading-status.css';

/** "Loading…" beside a spinner, as a polite status: a screen reader hears it, focus stays put. */
export function LoadingStatus({
  children,
  className,
}: {
  children: ReactNode;
  className?: string;
}) {
  return (
    <p className={['loading-status', className].filter(Boolean).join(' ')} role="status">
      <span className="loading-status-spinner" aria-hidden="true" />
      {children}
    </p>
  );
}
