import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import ar from '../../../locales/ar/share.json';
import en from '../../../locales/en/share.json';
import { COPIED_FEEDBACK_MS, CopyButton } from './copy-button';
import { ShareButton } from './share-button';
import { TrackingQr, trackingUrl } from './tracking-qr';

const nav = navigator as Navigator & { share?: unknown };

// user-event's setup() (inside renderWithProviders) installs its own clipboard stub, so tests
// replace it after rendering.
function mockClipboard(impl: (text: string) => Promise<void> = async () => {}) {
  const writeText = vi.fn(impl);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'clipboard');
  Reflect.deleteProperty(nav, 'share');
});

describe('CopyButton', () => {
  it('copies and shows "Copied" for 1.5 s, then the label again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    renderWithProviders(<CopyButton text="AF-20250101-123" />, { language: 'en' });
    const writeText = mockClipboard();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: en.copy }));
    });
    expect(writeText).toHaveBeenCalledWith('AF-20250101-123');
    expect(screen.getByRole('button', { name: en.copied })).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(COPIED_FEEDBACK_MS - 1));
    expect(screen.getByRole('button', { name: en.copied })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: en.copy })).toBeInTheDocument();
  });

  it('takes custom labels and announces politely (ar)', async () => {
    const { user } = renderWithProviders(
      <CopyButton text="x" label="انسخ الرقم" copiedLabel="نُسخ الرقم" />,
    );
    mockClipboard();
    await user.click(screen.getByRole('button', { name: 'انسخ الرقم' }));
    const label = await screen.findByText('نُسخ الرقم');
    expect(label).toHaveAttribute('aria-live', 'polite');
  });

  it('falls back to execCommand when the Clipboard API is missing or refused', async () => {
    const exec = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: exec, configurable: true });
    const { user } = renderWithProviders(<CopyButton text="abc" />, { language: 'en' });
    mockClipboard(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    await user.click(screen.getByRole('button', { name: en.copy }));
    expect(exec).toHaveBeenCalledWith('copy');
    expect(await screen.findByRole('button', { name: en.copied })).toBeInTheDocument();
    Reflect.deleteProperty(document, 'execCommand');
  });

  it('says so when nothing can copy', async () => {
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
    const { user } = renderWithProviders(<CopyButton text="abc" />, { language: 'ar' });
    mockClipboard(async () => {
      throw new Error('no');
    });
    await user.click(screen.getByRole('button', { name: ar.copy }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ar.copyFailed);
    Reflect.deleteProperty(document, 'execCommand');
  });
});

describe('ShareButton', () => {
  const props = { title: 'Afsh', text: 'Track my order', url: 'https://afsh.test/track/AF-1' };

  it('uses the Web Share API when there is one', async () => {
    const share = vi.fn(async () => {});
    Object.defineProperty(nav, 'share', { value: share, configurable: true });
    const { user } = renderWithProviders(<ShareButton {...props} />, { language: 'en' });
    const writeText = mockClipboard();
    await user.click(screen.getByRole('button', { name: en.share }));
    expect(share).toHaveBeenCalledWith(props);
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByText(en.shareNotSupported)).not.toBeInTheDocument();
  });

  it('is silent when the share sheet is dismissed', async () => {
    const share = vi.fn(async () => {
      throw new DOMException('cancelled', 'AbortError');
    });
    Object.defineProperty(nav, 'share', { value: share, configurable: true });
    const { user } = renderWithProviders(<ShareButton {...props} />, { language: 'en' });
    const writeText = mockClipboard();
    await user.click(screen.getByRole('button', { name: en.share }));
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByText(en.shareNotSupported)).not.toBeInTheDocument();
  });

  it.each(['ar', 'en'] as const)(
    'without Web Share copies the link and shows the spec message (%s)',
    async (language) => {
      const strings = language === 'ar' ? ar : en;
      const { user } = renderWithProviders(<ShareButton {...props} />, { language });
      const writeText = mockClipboard();
      await user.click(screen.getByRole('button', { name: strings.share }));
      expect(writeText).toHaveBeenCalledWith(props.url);
      const message = await screen.findByText(strings.shareNotSupported);
      expect(message).toHaveAttribute('aria-live', 'polite');
    },
  );

  it('shows the link to copy by hand when copying fails too', async () => {
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
    const { user } = renderWithProviders(<ShareButton {...props} />, { language: 'en' });
    mockClipboard(async () => {
      throw new Error('no');
    });
    await user.click(screen.getByRole('button', { name: en.share }));
    expect(await screen.findByText(props.url)).toBeInTheDocument();
    expect(screen.getByText(en.shareNotSupportedNoCopy, { exact: false })).toBeInTheDocument();
    Reflect.deleteProperty(document, 'execCommand');
  });
});

describe('TrackingQr', () => {
  /** An IntersectionObserver whose targets come into view when `reveal()` is called. */
  function installObserver() {
    const callbacks: (() => void)[] = [];
    const original = Object.getOwnPropertyDescriptor(window, 'IntersectionObserver');
    class RevealableObserver {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe() {
        callbacks.push(() =>
          this.callback(
            [{ isIntersecting: true } as IntersectionObserverEntry],
            this as unknown as IntersectionObserver,
          ),
        );
      }
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    }
    Object.defineProperty(window, 'IntersectionObserver', {
      value: RevealableObserver,
      configurable: true,
    });
    return {
      watching: () => callbacks.length,
      reveal: () => act(() => callbacks.splice(0).forEach((call) => call())),
      restore: () => {
        if (original) Object.defineProperty(window, 'IntersectionObserver', original);
      },
    };
  }

  beforeEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('draws the absolute tracking link with an accessible name once it comes near the screen', async () => {
    // The library is loaded already, so only the observer can be what holds the drawing back.
    await import('qrcode.react');
    const observer = installObserver();
    try {
      renderWithProviders(<TrackingQr orderNumber="AF-20250101-123" />, { language: 'en' });
      const img = screen.getByRole('img', {
        name: en.qrAlt.replace('{{orderNumber}}', 'AF-20250101-123'),
      });
      expect(screen.getByText(en.qrCaption)).toBeInTheDocument();
      // Off screen, the code is not encoded: the box is there, empty, at its size, and only the
      // observer (watching it now) can start the drawing. The library is loaded, so a drawing not
      // held back would have settled by the time this import has.
      expect(observer.watching()).toBe(1);
      await act(() => import('qrcode.react'));
      expect(img.querySelector('svg')).toBeNull();
      expect(img.style.inlineSize).toBe('176px');

      await observer.reveal();
      await vi.waitFor(() => expect(img.querySelector('svg')).not.toBeNull());
      expect(trackingUrl('AF-20250101-123')).toBe(
        `${window.location.origin}/track/AF-20250101-123`,
      );
    } finally {
      observer.restore();
    }
  });
});
