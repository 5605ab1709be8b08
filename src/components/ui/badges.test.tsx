import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import { Badge, PaymentBadge, StatusBadge, TestModeNote } from './badges';

// A tone is a look, so these check the class a badge gets; the words are the caller's.
describe('badges', () => {
  it.each([
    ['delivered', 'badge-success'],
    ['cancelled', 'badge-danger'],
    ['shipped', 'badge-warning'],
  ])('gives the status %s the tone %s', (status, tone) => {
    renderWithProviders(
      <StatusBadge status={status} className="extra">
        {`label ${status}`}
      </StatusBadge>,
    );
    expect(screen.getByText(`label ${status}`)).toHaveClass('badge', tone, 'extra');
  });

  it('keeps the plain brand badge for the statuses on the way', () => {
    renderWithProviders(<StatusBadge status="in_transit">on the way</StatusBadge>);
    expect(screen.getByText('on the way').className).toBe('badge');
  });

  it.each([
    ['paid', 'badge-success'],
    ['pending', 'badge-warning'],
  ] as const)('gives the payment %s the tone %s', (status, tone) => {
    renderWithProviders(
      <p>
        <PaymentBadge status={status}>{status}</PaymentBadge>
        <TestModeNote>test mode</TestModeNote>
      </p>,
    );
    expect(screen.getByText(status)).toHaveClass('badge', tone);
    expect(screen.getByText('test mode')).toBeInTheDocument();
  });

  it('takes any tone for other uses', () => {
    renderWithProviders(<Badge tone="warning">hidden</Badge>);
    expect(screen.getByText('hidden')).toHaveClass('badge', 'badge-warning');
  });
});
