import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './pages.css';

function RouteErrorMessage() {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  if (!ready) return null;
  return (
    <div className="page">
      <div className="container-narrow card">
        <h1>{t('errorBoundary.title')}</h1>
        <p className="lead">{t('errorBoundary.body')}</p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('actions.reload')}
        </button>
      </div>
    </div>
  );
}

/**
 * Last line of defence: a screen that throws shows a way out instead of a white page. Keyed by
 * the path in the layouts, so navigating elsewhere recovers.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteErrorMessage /> : this.props.children;
  }
}
