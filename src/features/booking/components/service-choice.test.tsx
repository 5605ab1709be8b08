import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryBackend } from '../../../testing/memory-adapter';
import { renderWithProviders } from '../../../testing/render';
import { readBookingFlow, writeBookingFlow } from '../flow/booking-flow';
import ar from '../../../../locales/ar/booking.json';
import en from '../../../../locales/en/booking.json';
import { SelectCityPage } from './select-city-page';

function renderStep(language: 'ar' | 'en', state?: unknown) {
  return renderWithProviders(<SelectCityPage />, {
    language,
    route: '/select-city',
    state,
    port: new MemoryBackend().client(),
    extraRoutes: [{ path: '/customer-info', element: <p>customer info</p> }],
  });
}
const group = (bundle: typeof en) =>
  screen.getByRole('group', { name: bundle.serviceChoice.legend });

describe('Step 1 asks for the service (D22)', () => {
  it('offers the five services with their starting prices, none chosen for the customer', async () => {
    renderStep('en');
    const radios = within(group(en)).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual([
      expect.stringMatching(/^Full move/),
      expect.stringMatching(/^Partial move/),
      expect.stringMatching(/^Office move/),
      expect.stringMatching(/^Packaging only/),
      expect.stringMatching(/^Loading and unloading/),
    ]);
    for (const radio of radios) expect(radio).not.toBeChecked();
    await waitFor(() =>
      expect(
        within(group(en)).getByRole('radio', { name: 'Partial move' }),
      ).toHaveAccessibleDescription(/From EGP.1,000/),
    );
    expect(readBookingFlow().moveType).toBeUndefined();
  });

  it('keeps the choice in the booking at once, before the location is given', async () => {
    const { user } = renderStep('en');
    await user.click(within(group(en)).getByRole('radio', { name: 'Packaging only' }));
    expect(readBookingFlow().moveType).toBe('packaging');
    expect(within(group(en)).getByRole('radio', { name: 'Packaging only' })).toBeChecked();
    // The location choices are still there, below.
    expect(
      screen.getByRole('button', { name: new RegExp(en.selectCity.manualChoice.title) }),
    ).toBeVisible();
  });

  it('another service than the one estimated drops the estimate’s team and total, not the home', async () => {
    writeBookingFlow({
      moveType: 'full',
      workers: 4,
      housing: 'villa',
      pickupFloor: 2,
      dropoffFloor: 1,
      totalPrice: 2490,
      catalogVersion: 1,
    });
    const { user } = renderStep('en');
    await user.click(within(group(en)).getByRole('radio', { name: 'Partial move' }));
    const flow = readBookingFlow();
    expect(flow).toMatchObject({
      moveType: 'partial',
      housing: 'villa',
      pickupFloor: 2,
      dropoffFloor: 1,
    });
    expect(flow.workers).toBeUndefined();
    expect(flow.totalPrice).toBeUndefined();
  });

  it('Arabic: the question and prices in Arabic, with Arabic-Indic digits', async () => {
    renderStep('ar');
    const partial = within(group(ar)).getByRole('radio', { name: 'نقل جزئي' });
    await waitFor(() => expect(partial).toHaveAccessibleDescription(/١٬٠٠٠/));
    expect(group(ar).textContent).not.toMatch(/[0-9]/);
  });

  it('is not asked while the location is being found', async () => {
    const { user } = renderStep('en');
    await user.click(
      screen.getByRole('button', { name: new RegExp(en.selectCity.manualChoice.title) }),
    );
    // In manual mode the question stays above the lists.
    expect(group(en)).toBeVisible();
  });
});
