import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { AboutPage } from './about-page';

const cases = [
  {
    language: 'ar' as const,
    title: 'عن عفش',
    sections: ['رسالتنا', 'رؤيتنا', 'فريقنا', 'جاهز للنقل؟'],
    members: ['فرق النقل', 'خبراء التغليف', 'خدمة العملاء'],
    intro: /عفش خدمة مصرية لنقل الأثاث/,
    backHome: 'العودة للرئيسية',
  },
  {
    language: 'en' as const,
    title: 'About Afsh',
    sections: ['Our mission', 'Our vision', 'Our team', 'Ready to move?'],
    members: ['Moving crews', 'Packing specialists', 'Customer support'],
    intro: /Afsh is an Egyptian service/,
    backHome: 'Back to home',
  },
];

describe.each(cases)(
  'AboutPage ($language)',
  ({ language, title, sections, members, intro, backHome }) => {
    it('shows the title, intro, mission, vision, team and closing text', () => {
      renderWithProviders(<AboutPage />, { language, route: '/about' });
      expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByText(intro)).toBeInTheDocument();
      expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(
        sections,
      );
      const team = screen.getByRole('region', { name: sections[2] });
      expect(
        within(team)
          .getAllByRole('heading', { level: 3 })
          .map((h) => h.textContent),
      ).toEqual(members);
    });

    it('the back-home button goes to /', async () => {
      const { user } = renderWithProviders(<AboutPage />, { language, route: '/about' });
      await user.click(screen.getByRole('link', { name: backHome }));
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    });
  },
);

it('sets a page title', () => {
  renderWithProviders(<AboutPage />, { language: 'en', route: '/about' });
  expect(document.title).toBe('About Afsh | Afsh');
});
