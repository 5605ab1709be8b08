import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import enCommon from '../../../../locales/en/common.json';
import { PricingContinue, PricingFrame } from './pricing-frame';

function renderFrame(blockedBy: string | null) {
  return renderWithProviders(
    <PricingFrame title="Prices" lead="Pick a service.">
      <form>
        <PricingContinue blockedBy={blockedBy} />
      </form>
    </PricingFrame>,
    { language: 'en', route: '/prices', extraRoutes: [{ path: '/', element: <p>home</p> }] },
  );
}

describe('PricingFrame and PricingContinue', () => {
  it('opens with back, the heading and its lead', async () => {
    const { user } = renderFrame(null);
    expect(screen.getByRole('heading', { level: 1, name: 'Prices' })).toBeInTheDocument();
    expect(screen.getByText('Pick a service.')).toBeInTheDocument();
    // Opened directly (no history), back goes home.
    await user.click(screen.getByRole('button', { name: enCommon.actions.back }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('while blocked, Continue is disabled and described by the reason shown above it', () => {
    renderFrame('Choose a service first.');
    const button = screen.getByRole('button', { name: enCommon.actions.continue });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Choose a service first.');
  });

  it('once free, Continue submits and nothing describes it', () => {
    renderFrame(null);
    const button = screen.getByRole('button', { name: enCommon.actions.continue });
    expect(button).toBeEnabled();
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).not.toHaveAccessibleDescription();
  });
});
