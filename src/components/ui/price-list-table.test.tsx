import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import { formatMoney } from '../../domain/money';
import { FLOOR_FEE, MOVE_TYPES, PRICE_CATALOG, WORKER_EXTRA_PER_HEAD } from '../../domain/pricing';
import ar from '../../../locales/ar/pricing.json';
import en from '../../../locales/en/pricing.json';
import { PriceListTable } from './price-list-table';

// Intl puts no-break spaces in amounts; the DOM text is compared with whitespace collapsed.
const norm = (s: string) => s.replace(/\s+/g, ' ');
const bundles = { ar, en } as const;

describe('PriceListTable', () => {
  it.each(['ar', 'en'] as const)('shows the one catalog with its extras (%s)', (language) => {
    const strings = bundles[language];
    renderWithProviders(<PriceListTable />, { language });

    const table = screen.getByRole('table', { name: strings.priceList.caption });
    expect(
      within(table).getByRole('columnheader', { name: strings.priceList.service }),
    ).toBeInTheDocument();
    for (const type of MOVE_TYPES) {
      const header = within(table).getByRole('rowheader', { name: strings.moveTypes[type].label });
      const row = header.closest('tr') as HTMLElement;
      expect(within(row).getByRole('cell')).toHaveTextContent(
        norm(formatMoney(PRICE_CATALOG[type], language)),
      );
    }

    const floorRow = within(table)
      .getByRole('rowheader', { name: strings.priceList.floorFee })
      .closest('tr') as HTMLElement;
    expect(within(floorRow).getByRole('cell')).toHaveTextContent(
      norm(formatMoney(FLOOR_FEE, language)),
    );
    const workerRow = within(table)
      .getByRole('rowheader', { name: strings.priceList.workerFee })
      .closest('tr') as HTMLElement;
    expect(within(workerRow).getByRole('cell')).toHaveTextContent(
      norm(formatMoney(WORKER_EXTRA_PER_HEAD, language)),
    );
  });

  it('writes Arabic prices in Arabic-Indic digits', () => {
    renderWithProviders(<PriceListTable />, { language: 'ar' });
    const table = screen.getByRole('table');
    expect(table).toHaveTextContent('١٬٥٠٠');
    expect(table).toHaveTextContent('٢٥٠');
    expect(table).not.toHaveTextContent(/[0-9]/);
  });

  it('marks the highlighted service, and only that one', () => {
    renderWithProviders(<PriceListTable highlight="office" />, { language: 'en' });
    expect(
      screen.getByRole('rowheader', {
        name: `${en.moveTypes.office.label} ${en.priceList.selected}`,
      }),
    ).toBeInTheDocument();
    expect(screen.getAllByText(en.priceList.selected)).toHaveLength(1);
  });

  it('marks nothing without a highlight', () => {
    renderWithProviders(<PriceListTable />, { language: 'en' });
    expect(screen.queryByText(en.priceList.selected)).not.toBeInTheDocument();
  });
});
