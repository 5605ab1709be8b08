import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { setAnalyticsSink, type AnalyticsEvent } from '../../../analytics/analytics';
import { renderWithProviders } from '../../../testing/render';
import { REDUCED_MOTION_QUERY, WIDE_QUERY } from '../hooks/use-media-query';
import { HomePage } from './home-page';
import { mockMatchMedia } from './test-helpers';

const play = vi.mocked(HTMLMediaElement.prototype.play);
const pause = vi.mocked(HTMLMediaElement.prototype.pause);

let events: AnalyticsEvent[];

beforeEach(() => {
  events = [];
  setAnalyticsSink((event) => events.push(event));
  play.mockClear();
  pause.mockClear();
  mockMatchMedia([]);
});

afterEach(() => {
  setAnalyticsSink(null);
  vi.restoreAllMocks();
});

const location = () => screen.getByTestId('location');
const video = (name = 'رسم متحرك لشاحنة عفش تسير في المدينة') =>
  screen.getByLabelText(name) as HTMLVideoElement;

describe('HomePage', () => {
  it('shows the headline and marketing points in Arabic by default', () => {
    renderWithProviders(<HomePage />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'انقل عفشك بسهولة وراحة بال' }),
    ).toBeInTheDocument();
    const points = screen.getByRole('list', { name: 'ماذا ستحصل عليه' });
    expect(within(points).getAllByRole('listitem')).toHaveLength(4);
    expect(within(points).getByText('دعم فوري على واتساب')).toBeInTheDocument();
  });

  it('renders in English with no missing keys', () => {
    renderWithProviders(<HomePage />, { language: 'en' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Move your home with ease and peace of mind' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'How it works' })).toBeInTheDocument();
    expect(screen.getByText('Customer reviews are coming soon.')).toBeInTheDocument();
  });

  describe('start buttons', () => {
    it('the hero "Start now" tracks cta_start_now_bar and goes to /select-city', async () => {
      const { user } = renderWithProviders(<HomePage />, { language: 'en' });
      const hero = screen.getByRole('region', {
        name: 'Move your home with ease and peace of mind',
      });
      await user.click(within(hero).getByRole('link', { name: 'Start now' }));
      expect(events).toEqual([{ name: 'cta_start_now_bar' }]);
      expect(location()).toHaveTextContent('/select-city');
    });

    it('the "Start now" under the steps tracks cta_start_steps and goes to /select-city', async () => {
      const { user } = renderWithProviders(<HomePage />);
      const steps = screen.getByRole('region', { name: 'كيف تعمل الخدمة؟' });
      await user.click(within(steps).getByRole('link', { name: 'ابدأ الآن' }));
      expect(events).toEqual([{ name: 'cta_start_steps' }]);
      expect(location()).toHaveTextContent('/select-city');
    });
  });

  it('lists the four steps in order, with Arabic-Indic step numbers', () => {
    renderWithProviders(<HomePage />);
    const steps = screen.getByRole('region', { name: 'كيف تعمل الخدمة؟' });
    const items = within(steps).getAllByRole('listitem');
    expect(
      items.map((item) => within(item).getByRole('heading', { level: 3 }).textContent),
    ).toEqual(['اختر الخدمة', 'حدّد المكان والموعد', 'أضف التفاصيل', 'الفريق يصل إليك']);
    expect(items[0]).toHaveTextContent('الخطوة ١');
    expect(items[3]).toHaveTextContent('الخطوة ٤');
  });

  describe('hero video', () => {
    it('starts muted; the mute toggle flips aria-pressed and video.muted', async () => {
      const { user } = renderWithProviders(<HomePage />, { language: 'en' });
      const el = video('Animation: an Afsh moving truck driving through town');
      const mute = screen.getByRole('button', { name: 'Mute sound' });
      expect(mute).toHaveAttribute('aria-pressed', 'true');
      expect(el.muted).toBe(true);

      await user.click(mute);
      expect(mute).toHaveAttribute('aria-pressed', 'false');
      expect(el.muted).toBe(false);

      await user.click(mute);
      expect(mute).toHaveAttribute('aria-pressed', 'true');
      expect(el.muted).toBe(true);
    });

    it('loops silently inline and plays on its own, once the page has loaded, when motion is welcome', () => {
      renderWithProviders(<HomePage />);
      const el = video();
      expect(el.loop).toBe(true);
      expect(el).toHaveAttribute('playsinline');
      // Nothing in the markup starts it: the poster paints first, the video follows the load.
      expect(el).not.toHaveAttribute('autoplay');
      expect(el).toHaveAttribute('preload', 'none');
      expect(el).toHaveAttribute('poster', '/media/hero-poster.webp');
      expect(play).toHaveBeenCalled();
      expect(screen.getByRole('button', { name: 'إيقاف الحركة مؤقتًا' })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
    });

    it('stays paused on its poster, downloading nothing, when the visitor prefers reduced motion', () => {
      mockMatchMedia([REDUCED_MOTION_QUERY]);
      renderWithProviders(<HomePage />);
      const el = video();
      expect(el).not.toHaveAttribute('autoplay');
      expect(el).toHaveAttribute('preload', 'none');
      expect(play).not.toHaveBeenCalled();
      expect(screen.getByRole('button', { name: 'إيقاف الحركة مؤقتًا' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    });

    it('the pause toggle pauses and resumes the animation', async () => {
      const { user } = renderWithProviders(<HomePage />, { language: 'en' });
      const toggle = screen.getByRole('button', { name: 'Pause animation' });
      play.mockClear();

      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-pressed', 'true');
      expect(pause).toHaveBeenCalled();

      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-pressed', 'false');
      expect(play).toHaveBeenCalledTimes(1);
    });

    it('a visitor who prefers reduced motion can still press play', async () => {
      mockMatchMedia([REDUCED_MOTION_QUERY]);
      const { user } = renderWithProviders(<HomePage />, { language: 'en' });
      await user.click(screen.getByRole('button', { name: 'Pause animation' }));
      expect(play).toHaveBeenCalledTimes(1);
    });
  });

  describe('why choose us', () => {
    it('is folded on phones and opens and closes with its button (mouse and keyboard)', async () => {
      const { user } = renderWithProviders(<HomePage />, { language: 'en' });
      const toggle = screen.getByRole('button', { name: 'Why choose Afsh?' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
      expect(list).not.toBeNull();
      expect(list).not.toBeVisible();
      expect(
        screen.queryByRole('heading', { name: 'Professional packing' }),
      ).not.toBeInTheDocument();

      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(list).toBeVisible();
      expect(within(list as HTMLElement).getAllByRole('listitem')).toHaveLength(6);
      expect(screen.getByRole('heading', { name: 'Professional packing' })).toBeInTheDocument();

      toggle.focus();
      await user.keyboard('{Enter}');
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await user.keyboard(' ');
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
    });

    it('starts open on wide screens', () => {
      mockMatchMedia([WIDE_QUERY]);
      renderWithProviders(<HomePage />);
      expect(screen.getByRole('button', { name: 'لماذا تختار عفش؟' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      expect(screen.getByRole('heading', { name: 'تغليف احترافي' })).toBeVisible();
    });
  });

  it('shows the three FAQ questions, with answers that open', async () => {
    const { user } = renderWithProviders(<HomePage />, { language: 'en' });
    const faq = screen.getByRole('region', { name: 'Frequently asked questions' });
    const questions = [
      'How do I request a move?',
      'Is there an extra fee for long distances?',
      'Can I change my order after sending it?',
    ];
    for (const question of questions) expect(within(faq).getByText(question)).toBeInTheDocument();
    expect(within(faq).getAllByRole('group')).toHaveLength(3);

    const first = within(faq).getAllByRole('group')[0] as HTMLDetailsElement;
    expect(first.open).toBe(false);
    await user.click(within(faq).getByText(questions[0] as string));
    expect(first.open).toBe(true);
    expect(within(first).getByText(/Press “Start now”, choose your city/)).toBeVisible();
  });

  it('links to the price estimator and the price list, and says reviews are coming', () => {
    renderWithProviders(<HomePage />);
    expect(screen.getByRole('link', { name: 'احسب السعر التقديري' })).toHaveAttribute(
      'href',
      '/move-type',
    );
    expect(screen.getByRole('link', { name: 'قائمة الأسعار' })).toHaveAttribute('href', '/prices');
    expect(screen.getByText('تقييمات العملاء ستظهر هنا قريبًا.')).toBeInTheDocument();
  });

  it('offers call and WhatsApp under the FAQ, tracked', async () => {
    const { user } = renderWithProviders(<HomePage />, { language: 'en' });
    const call = screen.getByRole('link', { name: 'Call us' });
    expect(call.getAttribute('href')).toMatch(/^tel:/);
    call.addEventListener('click', (event) => event.preventDefault());
    await user.click(call);
    expect(events).toEqual([{ name: 'click_phone' }]);
  });
});
