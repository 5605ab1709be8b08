import type { ReactNode } from 'react';
import { ForwardArrowIcon } from '../../../components/ui/icons';
import { LanguageToggle } from '../../../components/ui/language-toggle';
import { BookingSteps, type BookingStep } from '../flow/booking-steps';
import '../flow/booking-page.css';
import '../../../components/ui/page-header.css';
import { PageTitle } from '../../../components/ui/page-title';

/**
 * The frame of a booking step: a toolbar (back, language), where the customer is in the five
 * steps, the step's heading and lead, then the step itself.
 */
export function BookingStepLayout({
  step,
  back,
  title,
  lead,
  wide = false,
  children,
}: {
  step: BookingStep;
  /** Usually a BackButton; the summary always goes back to the date step instead. */
  back: ReactNode;
  title: string;
  lead: string;
  /** For a step with a side column (the date step's live total). */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`page-with-toolbar ${wide ? 'container' : 'container-narrow'}`}>
      <div className="page-toolbar">
        {back}
        <LanguageToggle />
      </div>
      <BookingSteps current={step} />
      <header className="page-header">
        <PageTitle title={title} />
        <h1>{title}</h1>
        <p className="lead">{lead}</p>
      </header>
      {children}
    </div>
  );
}

/**
 * The actions under a step: an optional way back, then the main "continue" with an arrow that
 * points forward in either reading direction. Without `onNext` it submits the step's form.
 */
export function BookingStepFooter({
  next,
  onNext,
  back,
  className,
  busy = false,
}: {
  next: string;
  onNext?: () => void;
  back?: ReactNode;
  className?: string;
  /** While the step checks something before going on: pressed once is enough. */
  busy?: boolean;
}) {
  return (
    <div className={['booking-actions', className].filter(Boolean).join(' ')}>
      {back}
      <button
        type={onNext ? 'button' : 'submit'}
        className="btn btn-primary btn-lg"
        onClick={onNext}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {next}
        <ForwardArrowIcon />
      </button>
    </div>
  );
}
