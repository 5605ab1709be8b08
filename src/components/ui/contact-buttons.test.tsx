import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { setAnalyticsSink, type AnalyticsEvent } from '../../analytics/analytics';
import { env } from '../../config/env';
import { renderWithProviders } from '../../testing/render';
import ar from '../../../locales/ar/common.json';
import en from '../../../locales/en/common.json';
import { ContactButtons } from './contact-buttons';

let events: AnalyticsEvent[];

beforeEach(() => {
  events = [];
  setAnalyticsSink((event) => events.push(event));
});

afterEach(() => setAnalyticsSink(null));

describe('ContactButtons', () => {
  it.each([
    ['ar', ar],
    ['en', en],
  ] as const)(
    'calls and chats on the official numbers, counting each click (%s)',
    (language, strings) => {
      renderWithProviders(<ContactButtons />, { language });
      const call = screen.getByRole('link', { name: strings.contact.call });
      const chat = screen.getByRole('link', { name: strings.contact.whatsapp });
      expect(call).toHaveAttribute('href', `tel:${env.phoneNumber}`);
      expect(chat).toHaveAttribute(
        'href',
        `https://wa.me/${env.whatsappNumber.replace(/\D/g, '')}`,
      );
      expect(chat).toHaveAttribute('target', '_blank');
      expect(chat).toHaveAttribute('rel', 'noopener noreferrer');

      fireEvent.click(call);
      fireEvent.click(chat);
      expect(events.map((event) => event.name)).toEqual(['click_phone', 'click_whatsapp']);
    },
  );

  it('makes calling the main action only when asked (the contact screen)', () => {
    const { unmount } = renderWithProviders(<ContactButtons />, { language: 'en' });
    expect(screen.getByRole('link', { name: en.contact.call })).not.toHaveClass('btn-primary');
    unmount();
    renderWithProviders(<ContactButtons prominentCall />, { language: 'en' });
    expect(screen.getByRole('link', { name: en.contact.call })).toHaveClass('btn-primary');
    expect(screen.getByRole('link', { name: en.contact.whatsapp })).toHaveClass('btn-secondary');
  });
});
