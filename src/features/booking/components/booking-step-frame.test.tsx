import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import ar from '../../../../locales/ar/booking.json';
import commonAr from '../../../../locales/ar/common.json';
import en from '../../../../locales/en/booking.json';
import { BookingStepFooter, BookingStepLayout } from './booking-step-frame';

describe('BookingStepLayout', () => {
  it('shows the back control, the language switch, the current step and the heading', () => {
    renderWithProviders(
      <BookingStepLayout
        step="date"
        back={<button type="button">back here</button>}
        title="Pick a day"
        lead="When should we come?"
      >
        <p>the step itself</p>
      </BookingStepLayout>,
      { language: 'ar' },
    );
    expect(screen.getByRole('button', { name: 'back here' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: commonAr.language.other })).toBeInTheDocument();
    const steps = screen.getByRole('navigation', { name: ar.steps.label });
    expect(steps.querySelector('[aria-current="step"]')).toHaveTextContent(ar.steps.date);
    expect(screen.getByRole('heading', { level: 1, name: 'Pick a day' })).toBeInTheDocument();
    expect(screen.getByText('When should we come?')).toBeInTheDocument();
    expect(screen.getByText('the step itself')).toBeInTheDocument();
  });
});

describe('BookingStepFooter', () => {
  it('without onNext, continue submits the step form', async () => {
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    const { user } = renderWithProviders(
      <form onSubmit={onSubmit}>
        <BookingStepFooter next={en.customerInfo.next} />
      </form>,
      { language: 'en' },
    );
    await user.click(screen.getByRole('button', { name: en.customerInfo.next }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('with onNext, continue calls it and submits nothing; the back control comes first', async () => {
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    const onNext = vi.fn();
    const { user } = renderWithProviders(
      <form onSubmit={onSubmit}>
        <BookingStepFooter
          next={en.summary.confirm}
          onNext={onNext}
          back={<button type="button">{en.summary.back}</button>}
        />
      </form>,
      { language: 'en' },
    );
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([en.summary.back, en.summary.confirm]);
    await user.click(screen.getByRole('button', { name: en.summary.confirm }));
    expect(onNext).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
