import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryBackend } from '../../../testing/memory-adapter';
import { renderWithProviders } from '../../../testing/render';
import { formatMoney } from '../../../domain/money';
import type { DataPort } from '../../../data/port';
import {
  catalogFromRates,
  estimatePrice,
  FIRST_CATALOG,
  MOVE_TYPES,
  PRICE_CATALOG,
  ratesOf,
  type PriceCatalog,
} from '../../../domain/pricing';
import ar from '../../../../locales/ar/pricing.json';
import en from '../../../../locales/en/pricing.json';
import { PricesPage } from './prices-page';

const norm = (s: string) => s.replace(/\s+/g, ' ');
/** Accessible descriptions keep Intl's no-break spaces: match any whitespace where one was. */
const loose = (s: string) =>
  new RegExp(
    `^${norm(s)
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/ /g, '\\s')}$`,
  );
const carriedInput = {
  moveType: 'office',
  workers: 3,
  housing: 'villa',
  pickupFloor: 4,
  dropoffFloor: 2,
} as const;
const carriedPricing = estimatePrice(FIRST_CATALOG, carriedInput);

function renderPage(state?: unknown, language: 'ar' | 'en' = 'en') {
  return renderWithProviders(<PricesPage />, {
    language,
    route: '/prices',
    state,
    extraRoutes: [{ path: '/select-city', element: <p>select city</p> }],
  });
}

function serviceGroup(language: 'ar' | 'en' = 'en') {
  const strings = language === 'ar' ? ar : en;
  return screen.getByRole('group', { name: strings.pricesPage.serviceLegend });
}

function locationState(): unknown {
  return JSON.parse(screen.getByTestId('location').dataset.state ?? 'null');
}

describe('PricesPage', () => {
  it('without state: nothing chosen, catalog prices, Continue disabled', () => {
    renderPage();
    expect(
      screen.getByRole('heading', { level: 1, name: en.pricesPage.title }),
    ).toBeInTheDocument();
    const radios = within(serviceGroup()).getAllByRole('radio');
    expect(radios).toHaveLength(MOVE_TYPES.length);
    for (const radio of radios) expect(radio).not.toBeChecked();
    for (const type of MOVE_TYPES) {
      const radio = screen.getByRole('radio', { name: en.moveTypes[type].label });
      expect(radio).toHaveAccessibleDescription(
        loose(`${en.moveTypes[type].description} From ${formatMoney(PRICE_CATALOG[type], 'en')}`),
      );
    }
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    expect(
      screen.queryByRole('region', { name: en.pricesPage.carried.title }),
    ).not.toBeInTheDocument();
  });

  it('shows the price list, the notes and the contact buttons', () => {
    renderPage();
    expect(screen.getByRole('table', { name: en.priceList.caption })).toBeInTheDocument();
    expect(screen.getByText(en.pricesPage.notes.team)).toBeInTheDocument();
    expect(screen.getByText(en.pricesPage.notes.approximate)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Call us' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^tel:/),
    );
    expect(screen.getByRole('link', { name: 'Chat on WhatsApp' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/wa\.me\//),
    );
  });

  it('continues with the chosen type and its catalog price', async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('radio', { name: en.moveTypes.partial.label }));
    expect(
      screen.getByRole('rowheader', {
        name: `${en.moveTypes.partial.label} ${en.priceList.selected}`,
      }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/select-city');
    expect(locationState()).toEqual({
      moveType: 'partial',
      totalPrice: PRICE_CATALOG.partial,
      catalogVersion: 1,
    });
  });

  it('preselects the carried type and shows the carried estimate with its breakdown', () => {
    renderPage({ ...carriedInput, pricing: carriedPricing });
    expect(screen.getByRole('radio', { name: en.moveTypes.office.label })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();

    const estimate = screen.getByRole('region', { name: en.pricesPage.carried.title });
    expect(estimate).toHaveTextContent(norm(formatMoney(carriedPricing.total, 'en')));
    expect(estimate).toHaveTextContent(norm(formatMoney(carriedPricing.floorsSurcharge, 'en')));
    expect(estimate).toHaveTextContent(norm(formatMoney(carriedPricing.workersExtra, 'en')));
    expect(estimate).toHaveTextContent('Office move · 3 workers · Villa');
    expect(
      screen.getByRole('radio', { name: en.moveTypes.office.label }),
    ).toHaveAccessibleDescription(
      loose(
        `${en.moveTypes.office.description} Your estimate: ${formatMoney(carriedPricing.total, 'en')}`,
      ),
    );
    expect(screen.getByRole('link', { name: en.pricesPage.carried.edit })).toHaveAttribute(
      'href',
      '/move-type',
    );
  });

  it('continues with the carried state and its total', async () => {
    const { user } = renderPage({ ...carriedInput, pricing: carriedPricing });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/select-city');
    expect(locationState()).toEqual({
      ...carriedInput,
      pricing: carriedPricing,
      totalPrice: carriedPricing.total,
      catalogVersion: 1,
    });
  });

  it('drops the carried details when the customer picks another type', async () => {
    const { user } = renderPage({ ...carriedInput, pricing: carriedPricing });
    await user.click(screen.getByRole('radio', { name: en.moveTypes.loading.label }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(locationState()).toEqual({
      moveType: 'loading',
      totalPrice: PRICE_CATALOG.loading,
      catalogVersion: 1,
    });
  });

  it('recomputes a tampered total instead of trusting it', async () => {
    const { user } = renderPage({ ...carriedInput, pricing: { ...carriedPricing, total: 1 } });
    const estimate = screen.getByRole('region', { name: en.pricesPage.carried.title });
    expect(estimate).toHaveTextContent(norm(formatMoney(carriedPricing.total, 'en')));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(locationState()).toMatchObject({ totalPrice: carriedPricing.total });
  });

  it.each([
    ['null', null],
    ['a string', 'full'],
    ['a number', 42],
    ['an array', [carriedInput]],
    ['an unknown type', { ...carriedInput, moveType: 'boat' }],
    ['too many workers', { ...carriedInput, workers: 99 }],
    ['workers as text', { ...carriedInput, workers: '3' }],
    ['a fractional floor', { ...carriedInput, pickupFloor: 1.5 }],
    ['a floor above 20', { ...carriedInput, dropoffFloor: 21 }],
    ['a bad housing', { ...carriedInput, housing: 'tent' }],
    ['NaN floors', { ...carriedInput, pickupFloor: Number.NaN }],
  ])('ignores junk state: %s', (_label, state) => {
    renderPage(state);
    for (const radio of within(serviceGroup()).getAllByRole('radio'))
      expect(radio).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    expect(
      screen.queryByRole('region', { name: en.pricesPage.carried.title }),
    ).not.toBeInTheDocument();
  });

  it('speaks Arabic with Arabic-Indic prices', () => {
    renderPage({ ...carriedInput, pricing: carriedPricing }, 'ar');
    expect(
      screen.getByRole('heading', { level: 1, name: ar.pricesPage.title }),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: ar.moveTypes.office.label })).toBeChecked();
    const estimate = screen.getByRole('region', { name: ar.pricesPage.carried.title });
    expect(estimate).toHaveTextContent(norm(formatMoney(carriedPricing.total, 'ar')));
    expect(estimate).toHaveTextContent('نقل مكاتب، ٣ عمال، فيلا');
    expect(within(serviceGroup('ar')).getAllByRole('radio')).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'متابعة' })).toBeEnabled();
  });
});

describe('PricesPage with prices as data (D11)', () => {
  it('first shows the build’s catalog, then the backend’s current version in place', async () => {
    const backend = new MemoryBackend();
    backend.createAdmin('admin@afsh.test', 'Admin-pass-2026');
    const admin = backend.client();
    await admin.auth.signIn({ email: 'admin@afsh.test', password: 'Admin-pass-2026' });
    const rates = ratesOf(FIRST_CATALOG);
    rates.base.partial = 1150;
    rates.distance.perKm = 12;
    await admin.prices.save(rates);

    const { user } = renderWithProviders(<PricesPage />, {
      language: 'en',
      route: '/prices',
      port: backend.client(),
      extraRoutes: [{ path: '/select-city', element: <p>select city</p> }],
    });
    const partial = () => screen.getByRole('radio', { name: en.moveTypes.partial.label });
    const table = () => screen.getByRole('table', { name: en.priceList.caption });
    await waitFor(() => expect(table()).toHaveTextContent(norm(formatMoney(1150, 'en'))));
    expect(table()).not.toHaveTextContent(norm(formatMoney(1000, 'en')));
    expect(table()).toHaveTextContent(norm(formatMoney(12, 'en')));
    await user.click(partial());
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(JSON.parse(screen.getByTestId('location').dataset.state ?? 'null')).toEqual({
      moveType: 'partial',
      totalPrice: 1150,
      catalogVersion: 2,
    });
  });
});

describe('PricesPage before the catalog is known (D11)', () => {
  /** A client whose catalog answer waits for the test. */
  function waitingPort() {
    const port = new MemoryBackend().client();
    let answer!: { resolve(catalog: PriceCatalog): void; reject(error: Error): void };
    port.prices.catalog = () =>
      new Promise<PriceCatalog>((resolve, reject) => {
        answer = { resolve, reject };
      });
    return { port, answer: () => answer };
  }

  function renderWaiting(port: DataPort) {
    sessionStorage.clear();
    return renderWithProviders(<PricesPage />, { language: 'en', route: '/prices', port });
  }

  const table = () => screen.getByRole('table', { name: en.priceList.caption });

  it('shows same-sized placeholders, no figure that may be out of date, then the answer', async () => {
    const { port, answer } = waitingPort();
    const { container } = renderWaiting(port);
    expect(table()).toHaveAttribute('aria-busy', 'true');
    for (const type of MOVE_TYPES) {
      expect(table()).not.toHaveTextContent(norm(formatMoney(FIRST_CATALOG.base[type], 'en')));
    }
    const placeholders = container.querySelectorAll('.figure-pending');
    expect(placeholders.length).toBeGreaterThan(MOVE_TYPES.length * 2);
    for (const placeholder of placeholders) {
      expect(placeholder).toHaveAttribute('aria-hidden', 'true');
      expect(placeholder.textContent).not.toMatch(/[1-9]/);
    }
    // The placeholder keeps the figure's shape: the same text with its digits blanked.
    expect(norm(table().querySelector('.figure-pending')!.textContent ?? '')).toBe(
      norm(formatMoney(FIRST_CATALOG.base.full, 'en')).replace(/\d/g, '0'),
    );

    const rates = ratesOf(FIRST_CATALOG);
    rates.base.full = 1725;
    answer().resolve(catalogFromRates(rates, 3, new Date().toISOString()));
    await waitFor(() => expect(table()).toHaveTextContent(norm(formatMoney(1725, 'en'))));
    expect(table()).not.toHaveAttribute('aria-busy');
    expect(container.querySelector('.figure-pending')).toBeNull();
  });

  it('with the backend down, shows the catalog the page was built with rather than placeholders', async () => {
    const { port, answer } = waitingPort();
    const { container } = renderWaiting(port);
    expect(container.querySelector('.figure-pending')).not.toBeNull();
    answer().reject(new Error('down'));
    await waitFor(() => expect(container.querySelector('.figure-pending')).toBeNull());
    expect(table()).toHaveTextContent(norm(formatMoney(FIRST_CATALOG.base.full, 'en')));
  });
});
