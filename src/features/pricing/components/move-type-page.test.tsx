import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { formatMoney } from '../../../domain/money';
import {
  estimatePrice,
  FIRST_CATALOG,
  type MoveType,
  type PriceBreakdown,
} from '../../../domain/pricing';
import { expectedOrderTotal } from '../../../domain/booking-schemas';
import ar from '../../../../locales/ar/pricing.json';
import en from '../../../../locales/en/pricing.json';
import { MoveTypePage, type EstimateDraftStore } from './move-type-page';
import type { MoveTypeInputs } from '../move-state';

type Language = 'ar' | 'en';
const bundles = { ar, en } as const;
const norm = (s: string) => s.replace(/\s+/g, ' ');

function renderPage(language: Language = 'en', draft?: EstimateDraftStore) {
  return renderWithProviders(<MoveTypePage draft={draft} />, {
    language,
    route: '/move-type',
    extraRoutes: [{ path: '/prices', element: <p>prices screen</p> }],
  });
}

/** The amount shown next to a line of the live estimate, read as the customer sees it. */
function shownAmount(language: Language, line: 'base' | 'floors' | 'workers' | 'total'): string {
  const region = screen.getByRole('region', { name: bundles[language].breakdown.title });
  const term = within(region).getByText(bundles[language].breakdown[line]).closest('dt');
  return norm(term?.nextElementSibling?.textContent ?? '');
}

function expectBreakdown(language: Language, expected: PriceBreakdown) {
  const money = (n: number) => norm(formatMoney(n, language));
  expect(shownAmount(language, 'base')).toBe(money(expected.base));
  expect(shownAmount(language, 'floors')).toBe(money(expected.floorsSurcharge));
  expect(shownAmount(language, 'workers')).toBe(money(expected.workersExtra));
  expect(shownAmount(language, 'total')).toBe(money(expected.total));
}

describe('MoveTypePage', () => {
  it('starts with no type chosen, two workers, ground floors, and Continue disabled', () => {
    renderPage('en');
    expect(
      screen.getByRole('heading', { level: 1, name: en.moveTypePage.title }),
    ).toBeInTheDocument();
    const group = screen.getByRole('group', { name: en.moveTypePage.typeLegend });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(5);
    for (const radio of radios) expect(radio).not.toBeChecked();
    expect(screen.getByRole('spinbutton', { name: en.moveTypePage.workers.label })).toHaveValue(
      '2',
    );
    expect(screen.getByRole('spinbutton', { name: en.moveTypePage.floors.pickup })).toHaveValue(
      '0',
    );
    expect(screen.getByRole('radio', { name: en.housing.apartment })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    expect(screen.getByText(en.moveTypePage.chooseTypeFirst)).toBeInTheDocument();
    expect(shownAmount('en', 'total')).toBe(en.breakdown.pending);
  });

  it('enables Continue once a type is chosen', async () => {
    const { user } = renderPage('en');
    await user.click(screen.getByRole('radio', { name: en.moveTypes.packaging.label }));
    expect(screen.getByRole('radio', { name: en.moveTypes.packaging.label })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('keeps the live estimate equal to estimatePrice (English, steppers and typing)', async () => {
    const { user } = renderPage('en');
    const region = screen.getByRole('region', { name: en.breakdown.title });
    expect(region.querySelector('[aria-live="polite"]')).not.toBeNull();

    await user.click(screen.getByRole('radio', { name: en.moveTypes.partial.label }));
    expectBreakdown(
      'en',
      estimatePrice(FIRST_CATALOG, {
        moveType: 'partial',
        pickupFloor: 0,
        dropoffFloor: 0,
        workers: 2,
      }),
    );

    await user.click(screen.getByRole('radio', { name: en.moveTypes.office.label }));
    await user.click(screen.getByRole('button', { name: en.moveTypePage.workers.increase }));
    await user.click(screen.getByRole('button', { name: en.moveTypePage.workers.increase }));
    const pickup = screen.getByRole('spinbutton', { name: en.moveTypePage.floors.pickup });
    await user.clear(pickup);
    await user.type(pickup, '3');
    const dropoff = screen.getByRole('spinbutton', { name: en.moveTypePage.floors.dropoff });
    await user.clear(dropoff);
    await user.type(dropoff, '25');
    expect(dropoff).toHaveValue('20');
    expectBreakdown(
      'en',
      estimatePrice(FIRST_CATALOG, {
        moveType: 'office',
        pickupFloor: 3,
        dropoffFloor: 20,
        workers: 4,
      }),
    );
  });

  it('accepts Arabic-Indic digits and clamps floors above 20 (Arabic)', async () => {
    const { user } = renderPage('ar');
    await user.click(screen.getByRole('radio', { name: ar.moveTypes.full.label }));

    const pickup = screen.getByRole('spinbutton', { name: ar.moveTypePage.floors.pickup });
    await user.clear(pickup);
    await user.type(pickup, '٣');
    expect(pickup).toHaveValue('٣');
    expect(pickup).toHaveAttribute('aria-valuenow', '3');

    const dropoff = screen.getByRole('spinbutton', { name: ar.moveTypePage.floors.dropoff });
    await user.clear(dropoff);
    await user.type(dropoff, '٤٥');
    expect(dropoff).toHaveValue('٢٠');
    expect(dropoff).toHaveAttribute('aria-valuenow', '20');

    await user.click(screen.getByRole('button', { name: ar.moveTypePage.workers.decrease }));
    expectBreakdown(
      'ar',
      estimatePrice(FIRST_CATALOG, {
        moveType: 'full',
        pickupFloor: 3,
        dropoffFloor: 20,
        workers: 1,
      }),
    );
    expect(screen.getByRole('region', { name: ar.breakdown.title })).not.toHaveTextContent(/[0-9]/);
  });

  it('clamps workers to 1-6 and keeps the end buttons focusable', async () => {
    const { user } = renderPage('en');
    const workers = screen.getByRole('spinbutton', { name: en.moveTypePage.workers.label });
    const more = screen.getByRole('button', { name: en.moveTypePage.workers.increase });
    for (let i = 0; i < 8; i += 1) await user.click(more);
    expect(workers).toHaveValue('6');
    expect(more).toHaveAttribute('aria-disabled', 'true');
    expect(more).toHaveFocus();
    expect(screen.getByText('Workers: 6 workers')).toBeInTheDocument();

    const fewer = screen.getByRole('button', { name: en.moveTypePage.workers.decrease });
    for (let i = 0; i < 8; i += 1) await user.click(fewer);
    expect(workers).toHaveValue('1');
    expect(fewer).toHaveAttribute('aria-disabled', 'true');

    await user.clear(workers);
    await user.type(workers, '9');
    expect(workers).toHaveValue('6');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(workers).toHaveValue('4');
  });

  it('shows the total the order is priced at: the date screen shows the same for these choices', async () => {
    // The same choices as the date screen's test (date-selection-page.test.tsx), which expects 2490.
    const { user } = renderPage('en');
    await user.click(screen.getByRole('radio', { name: en.moveTypes.full.label }));
    await user.click(screen.getByRole('button', { name: en.moveTypePage.workers.increase }));
    await user.click(screen.getByRole('button', { name: en.moveTypePage.workers.increase }));
    await user.click(screen.getByRole('button', { name: en.moveTypePage.floors.pickupIncrease }));
    await user.click(screen.getByRole('button', { name: en.moveTypePage.floors.pickupIncrease }));
    await user.click(screen.getByRole('button', { name: en.moveTypePage.floors.dropoffIncrease }));
    const total = expectedOrderTotal({
      moveType: 'full',
      pickupFloor: 2,
      dropoffFloor: 1,
      workers: 4,
    });
    expect(total).toBe(2490);
    expect(shownAmount('en', 'total')).toBe(norm(formatMoney(total, 'en')));
  });

  it('continues to /prices with exactly the chosen state and its breakdown', async () => {
    const { user } = renderPage('en');
    await user.click(screen.getByRole('radio', { name: en.moveTypes.loading.label }));
    await user.click(screen.getByRole('button', { name: en.moveTypePage.workers.increase }));
    await user.click(screen.getByRole('radio', { name: en.housing.villa }));
    await user.click(screen.getByRole('button', { name: en.moveTypePage.floors.pickupIncrease }));
    await user.click(screen.getByRole('button', { name: en.moveTypePage.floors.pickupIncrease }));
    await user.click(screen.getByRole('button', { name: en.moveTypePage.floors.dropoffIncrease }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const location = screen.getByTestId('location');
    expect(location).toHaveTextContent('/prices');
    const moveType: MoveType = 'loading';
    expect(JSON.parse(location.dataset.state ?? 'null')).toEqual({
      moveType,
      workers: 3,
      housing: 'villa',
      pickupFloor: 2,
      dropoffFloor: 1,
      pricing: estimatePrice(FIRST_CATALOG, {
        moveType,
        workers: 3,
        pickupFloor: 2,
        dropoffFloor: 1,
      }),
    });
  });

  it('restores the answers when the customer comes back with state', () => {
    renderWithProviders(<MoveTypePage />, {
      language: 'en',
      route: '/move-type',
      state: { moveType: 'office', workers: 5, housing: 'villa', pickupFloor: 4, dropoffFloor: 0 },
    });
    expect(screen.getByRole('radio', { name: en.moveTypes.office.label })).toBeChecked();
    expect(screen.getByRole('radio', { name: en.housing.villa })).toBeChecked();
    expect(screen.getByRole('spinbutton', { name: en.moveTypePage.workers.label })).toHaveValue(
      '5',
    );
    expectBreakdown(
      'en',
      estimatePrice(FIRST_CATALOG, {
        moveType: 'office',
        workers: 5,
        pickupFloor: 4,
        dropoffFloor: 0,
      }),
    );
  });

  it('remembers the last continued answers in the store it is given (coming back from /prices)', async () => {
    let kept: MoveTypeInputs | null = null;
    const draft: EstimateDraftStore = {
      load: () => kept,
      save: (state) => {
        kept = state;
      },
    };
    const first = renderPage('en', draft);
    await first.user.click(screen.getByRole('radio', { name: en.moveTypes.partial.label }));
    await first.user.click(screen.getByRole('button', { name: en.moveTypePage.workers.increase }));
    await first.user.click(screen.getByRole('button', { name: 'Continue' }));
    first.unmount();
    expect(kept).toMatchObject({ moveType: 'partial', workers: 3 });

    renderPage('en', draft);
    expect(screen.getByRole('radio', { name: en.moveTypes.partial.label })).toBeChecked();
    expect(screen.getByRole('spinbutton', { name: en.moveTypePage.workers.label })).toHaveValue(
      '3',
    );
  });

  it('treats junk state as none', () => {
    renderWithProviders(<MoveTypePage />, {
      language: 'ar',
      route: '/move-type',
      state: { moveType: 'rocket', workers: -3 },
    });
    const group = screen.getByRole('group', { name: ar.moveTypePage.typeLegend });
    for (const radio of within(group).getAllByRole('radio')) expect(radio).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'متابعة' })).toBeDisabled();
  });
});
