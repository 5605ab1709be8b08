import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { PrivacyPage } from './privacy-page';

const cases = [
  {
    language: 'ar' as const,
    title: 'سياسة الخصوصية',
    toc: 'في هذه الصفحة',
    sections: [
      'المعلومات التي نجمعها',
      'كيف نستخدم معلوماتك',
      'رسائل عن طلبك',
      'كيف نحمي معلوماتك',
      'ملفات تعريف الارتباط والتخزين في المتصفح',
      'تحديثات هذه السياسة',
    ],
    card: /بيانات البطاقة .* لا نحفظها/,
    stop: /لإيقاف الرسائل في أي وقت/,
    noName: /لا تحمل أبدًا اسمك/,
    suggestions: /حتى ١٠ من كل نوع/,
    updated: 'آخر تحديث: ٢٥ نوفمبر ٢٠٢٦',
    contact: 'تواصل معنا',
    backHome: 'العودة للرئيسية',
  },
  {
    language: 'en' as const,
    title: 'Privacy policy',
    toc: 'On this page',
    sections: [
      'Information we collect',
      'How we use your information',
      'Messages about your order',
      'How we protect your information',
      'Cookies and browser storage',
      'Updates to this policy',
    ],
    card: /Card details .* are never stored/,
    stop: /To stop the messages at any time/,
    noName: /never carries your name/,
    suggestions: /up to 10 of each/,
    updated: 'Last updated: 25 November 2026',
    contact: 'Contact us',
    backHome: 'Back to home',
  },
];

describe.each(cases)('PrivacyPage ($language)', (c) => {
  it('shows the six sections, each reachable from the table of contents', () => {
    renderWithProviders(<PrivacyPage />, { language: c.language, route: '/privacy-policy' });
    expect(screen.getByRole('heading', { level: 1, name: c.title })).toBeInTheDocument();
    expect(screen.getByText(c.updated)).toBeInTheDocument();

    const sections = c.sections.map((name) => screen.getByRole('region', { name }));
    expect(sections).toHaveLength(6);

    const toc = screen.getByRole('navigation', { name: c.toc });
    const links = within(toc).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(c.sections);
    links.forEach((link, index) =>
      expect(link.getAttribute('href')).toBe(`#${sections[index]?.id}`),
    );
  });

  it('says card details are never stored and explains browser storage', () => {
    renderWithProviders(<PrivacyPage />, { language: c.language, route: '/privacy-policy' });
    const collected = screen.getByRole('region', { name: c.sections[0] });
    expect(within(collected).getByText(c.card)).toBeInTheDocument();
    const cookies = screen.getByRole('region', { name: c.sections[4] });
    expect(within(cookies).getAllByRole('listitem')).toHaveLength(5);
    expect(within(cookies).getByText(c.suggestions)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: c.contact })).toHaveAttribute('href', '/contact');
  });

  it('says what messages are sent, without what personal data, and how to stop them', () => {
    renderWithProviders(<PrivacyPage />, { language: c.language, route: '/privacy-policy' });
    const messages = screen.getByRole('region', { name: c.sections[2] });
    expect(within(messages).getByText(c.stop)).toBeInTheDocument();
    expect(within(messages).getByText(c.noName)).toBeInTheDocument();
  });

  it('the back-home button goes to /', async () => {
    const { user } = renderWithProviders(<PrivacyPage />, {
      language: c.language,
      route: '/privacy-policy',
    });
    await user.click(screen.getByRole('link', { name: c.backHome }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
