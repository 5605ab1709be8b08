import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import { LoadingStatus } from './loading-status';

describe('LoadingStatus', () => {
  it('is a polite status holding only its words; the spinner is hidden from assistive tech', () => {
    renderWithProviders(<LoadingStatus>جارٍ التحميل…</LoadingStatus>);
    const line = screen.getByText('جارٍ التحميل…');
    expect(line).toHaveAttribute('role', 'status');
    expect(line.querySelector('[aria-hidden="true"]')).toBeEmptyDOMElement();
  });
});
