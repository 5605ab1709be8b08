import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import { PhoneNumber } from './phone-number';

describe('PhoneNumber', () => {
  it('writes the digits as an Arabic reader does, left to right with the + in front', () => {
    renderWithProviders(<PhoneNumber value="+201012345678" />, { language: 'ar' });
    const shown = screen.getByText('+٢٠١٠١٢٣٤٥٦٧٨');
    expect(shown.tagName).toBe('BDI');
    expect(shown).toHaveClass('ltr-value');
  });

  it('keeps Latin digits in English', () => {
    renderWithProviders(<PhoneNumber value="01012345678" />, { language: 'en' });
    expect(screen.getByText('01012345678')).toHaveClass('ltr-value');
  });
});
