import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BackButton } from '../../../components/ui/back-button';
import { ForwardArrowIcon } from '../../../components/ui/icons';
import { LanguageToggle } from '../../../components/ui/language-toggle';
import { paths } from '../../../config/paths';
import '../../../components/ui/page-header.css';
import './pricing-page.css';
import { PageTitle } from '../../../components/ui/page-title';

/** The frame of /move-type and /prices: back and language, heading and lead, then the screen. */
export function PricingFrame({
  title,
  lead,
  children,
}: {
  title: string;
  lead: string;
  children: ReactNode;
}) {
  return (
    <div className="page-with-toolbar container">
      <div className="page-toolbar">
        <BackButton fallback={paths.home} />
        <LanguageToggle />
      </div>
      <header className="page-header pricing-header">
        <PageTitle title={title} />
        <h1>{title}</h1>
        <p className="lead">{lead}</p>
      </header>
      {children}
    </div>
  );
}

/**
 * The submit button of a pricing form. Until the customer can go on it is disabled, and the
 * reason (`blockedBy`) shows above it and describes it.
 */
export function PricingContinue({
  blockedBy,
  className,
}: {
  blockedBy: string | null;
  className?: string;
}) {
  const { t } = useTranslation('common');
  const hintId = `${useId()}-continue-hint`;
  return (
    <div className={['pricing-actions', className].filter(Boolean).join(' ')}>
      {blockedBy && (
        <p id={hintId} className="field-hint">
          {blockedBy}
        </p>
      )}
      <button
        type="submit"
        className="btn btn-primary btn-lg btn-block"
        disabled={blockedBy !== null}
        aria-describedby={blockedBy ? hintId : undefined}
      >
        {t('actions.continue')}
        <ForwardArrowIcon />
      </button>
    </div>
  );
}
