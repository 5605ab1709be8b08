import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { readBookingFlow, writeBookingFlow } from '../flow/booking-flow';
import {
  mockGeocodeResponse,
  mockGeolocation,
  removeGeolocation,
} from '../hooks/geolocation-test-utils';
import ar from '../../../../locales/ar/booking.json';
import en from '../../../../locales/en/booking.json';
import enValidation from '../../../../locales/en/validation.json';
import arValidation from '../../../../locales/ar/validation.json';
import { SelectCityPage } from './select-city-page';

function renderPage(language: 'ar' | 'en' = 'en', state?: unknown) {
  return renderWithProviders(<SelectCityPage />, {
    language,
    route: '/select-city',
    state,
    extraRoutes: [{ path: '/customer-info', element: <p>customer info</p> }],
  });
}

const location = () => screen.getByTestId('location').textContent;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SelectCityPage: choice', () => {
  it('offers GPS and manual entry, with back and language buttons (Arabic)', () => {
    renderPage('ar');
    expect(screen.getByRole('heading', { level: 1, name: ar.selectCity.title })).toBeVisible();
    expect(screen.getByRole('button', { name: new RegExp(ar.selectCity.gps.title) })).toBeVisible();
    expect(
      screen.getByRole('button', { name: new RegExp(ar.selectCity.manualChoice.title) }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'رجوع' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'English' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: ar.steps.label })).toHaveTextContent(
      'الخطوة ١ من ٥',
    );
  });

  it('shows the service carried from /prices as chosen and keeps it in the flow', async () => {
    renderPage('en', { moveType: 'office', totalPrice: 1200 });
    const group = screen.getByRole('group', { name: en.serviceChoice.legend });
    await waitFor(() =>
      expect(within(group).getByRole('radio', { name: 'Office move' })).toBeChecked(),
    );
    expect(readBookingFlow()).toMatchObject({ moveType: 'office', totalPrice: 1200 });
  });

  it('takes the carried estimate into the store once: the history entry no longer holds it', async () => {
    const estimate = {
      moveType: 'full',
      workers: 4,
      housing: 'apartment',
      pickupFloor: 2,
      dropoffFloor: 1,
    };
    renderPage('en', { ...estimate, totalPrice: 2490 });
    // A reload or a Back to this entry cannot merge the old estimate over a later choice.
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveAttribute('data-state', 'null'),
    );
    expect(readBookingFlow()).toMatchObject(estimate);
    expect(location()).toBe('/select-city');
    // The chosen service shows the same total the estimator and the date screen show for these
    // choices.
    const full = screen.getByRole('radio', { name: 'Full move' });
    expect(full).toBeChecked();
    expect(full).toHaveAccessibleDescription(/Your estimate: EGP.2,490/);
  });

  it('starts a new booking when the last one was already placed', async () => {
    writeBookingFlow({ fullName: 'Old', orderId: 'o1', orderNumber: 'AF-20250101-123' });
    renderPage();
    await waitFor(() => expect(readBookingFlow()).toEqual({}));
  });
});

describe('SelectCityPage: manual', () => {
  it('requires governorate and district with the spec message', async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: /Enter it manually/ }));
    expect(screen.getByRole('heading', { name: en.selectCity.manual.title })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent(enValidation.location.required);
    const governorate = screen.getByRole('combobox', { name: en.selectCity.manual.governorate });
    expect(governorate).toHaveFocus();
    expect(governorate).toHaveAttribute('aria-invalid', 'true');

    await user.selectOptions(governorate, 'cairo');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const district = screen.getByRole('combobox', { name: en.selectCity.manual.district });
    expect(district).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent(enValidation.location.required);
    expect(location()).toBe('/select-city');
  });

  it('lists 27 governorates, districts of the chosen one, and clears the district on change', async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: /Enter it manually/ }));
    const governorate = screen.getByRole('combobox', { name: en.selectCity.manual.governorate });
    expect(within(governorate).getAllByRole('option')).toHaveLength(28);
    const district = screen.getByRole('combobox', { name: en.selectCity.manual.district });
    expect(within(district).getAllByRole('option')).toHaveLength(1);

    await user.selectOptions(governorate, 'cairo');
    expect(within(district).getByRole('option', { name: 'Nasr City' })).toBeInTheDocument();
    await user.selectOptions(district, 'nasr-city');
    expect(district).toHaveValue('nasr-city');

    await user.selectOptions(governorate, 'giza');
    expect(district).toHaveValue('');
    expect(within(district).queryByRole('option', { name: 'Nasr City' })).toBeNull();
    expect(within(district).getByRole('option', { name: 'Dokki' })).toBeInTheDocument();
  });

  it('saves the location and goes to /customer-info', async () => {
    const { user } = renderPage('ar');
    await user.click(
      screen.getByRole('button', { name: new RegExp(ar.selectCity.manualChoice.title) }),
    );
    await user.selectOptions(
      screen.getByRole('combobox', { name: ar.selectCity.manual.governorate }),
      'القاهرة',
    );
    await user.selectOptions(
      screen.getByRole('combobox', { name: ar.selectCity.manual.district }),
      'مدينة نصر',
    );
    await user.click(screen.getByRole('button', { name: ar.selectCity.manual.continue }));
    expect(location()).toBe('/customer-info');
    expect(readBookingFlow()).toMatchObject({
      governorateId: 'cairo',
      districtId: 'nasr-city',
      locationSource: 'manual',
    });
  });

  it('shows the Arabic message when nothing is chosen', async () => {
    const { user } = renderPage('ar');
    await user.click(
      screen.getByRole('button', { name: new RegExp(ar.selectCity.manualChoice.title) }),
    );
    await user.click(screen.getByRole('button', { name: ar.selectCity.manual.continue }));
    expect(screen.getByRole('alert')).toHaveTextContent(arValidation.location.required);
  });

  it('goes back to the choice', async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: /Enter it manually/ }));
    await user.click(screen.getByRole('button', { name: en.selectCity.manual.backToChoice }));
    expect(screen.getByRole('button', { name: /Use my current location/ })).toBeVisible();
  });
});

describe('SelectCityPage: GPS', () => {
  it('locates with high accuracy, 15 s timeout and no cache, then goes to /customer-info', async () => {
    const geo = mockGeolocation();
    const fetchMock = mockGeocodeResponse({
      display_name: 'Nasr City, Cairo, Egypt',
      address: { state: 'محافظة القاهرة', suburb: 'مدينة نصر' },
    });
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: /Use my current location/ }));
    expect(screen.getByRole('heading', { name: en.selectCity.gps.locatingTitle })).toBeVisible();
    expect(screen.getByText(en.selectCity.gps.wait)).toBeVisible();
    expect(geo.getCurrentPosition).toHaveBeenCalledWith(
      expect.any(Function),
      expect.any(Function),
      {
        enableHighAccuracy: true,
        timeout: 15000,
        maximumAge: 0,
      },
    );
    await act(async () => geo.succeed(30.0444, 31.2357));
    await waitFor(() => expect(location()).toBe('/customer-info'));
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]));
    expect(url.searchParams.get('lat')).toBe('30.0444');
    expect(url.searchParams.get('lon')).toBe('31.2357');
    expect(url.searchParams.get('format')).toBe('json');
    expect(readBookingFlow()).toMatchObject({
      governorateId: 'cairo',
      districtId: 'nasr-city',
      locationSource: 'gps',
    });
  });

  it('Tahrir and "قصر النيل، القاهرة": the nearest districts to choose from, never New Cairo (Arabic)', async () => {
    const geo = mockGeolocation();
    mockGeocodeResponse({
      display_name: 'ميدان التحرير، قصر النيل، القاهرة، مصر',
      address: { suburb: 'قصر النيل', city: 'القاهرة', state: 'محافظة القاهرة' },
    });
    const { user } = renderPage('ar');
    await user.click(screen.getByRole('button', { name: new RegExp(ar.selectCity.gps.title) }));
    await act(async () => geo.succeed(30.0444, 31.2357));
    const heading = await screen.findByRole('heading', { name: ar.selectCity.nearby.title });
    await waitFor(() => expect(heading).toHaveFocus());
    const region = screen.getByRole('region', { name: ar.selectCity.nearby.title });
    expect(region).toHaveAccessibleDescription(ar.selectCity.nearby.lead);
    const choices = within(within(region).getByRole('list')).getAllByRole('button');
    expect(choices.map((b) => b.textContent)).toEqual([
      'وسط البلدالقاهرة، على بُعد ٠٫٦ كم',
      'جاردن سيتيالقاهرة، على بُعد ٠٫٨ كم',
      'عابدينالقاهرة، على بُعد ١٫١ كم',
    ]);
    expect(region.textContent).not.toMatch(/[0-9]/);
    expect(region.textContent).not.toContain('القاهرة الجديدة');
    // Nothing is chosen until the customer chooses.
    expect(readBookingFlow().districtId).toBeUndefined();
    expect(location()).toBe('/select-city');

    await user.click(choices[1]!);
    expect(location()).toBe('/customer-info');
    expect(readBookingFlow()).toMatchObject({
      governorateId: 'cairo',
      districtId: 'garden-city',
      locationSource: 'gps',
    });
  });

  it('"choose from the list" opens the list on the nearest district’s governorate', async () => {
    const geo = mockGeolocation();
    mockGeocodeResponse({ address: { suburb: 'Qasr El Nil', city: 'Cairo' } });
    const { user } = renderPage('en');
    await user.click(screen.getByRole('button', { name: /Use my current location/ }));
    await act(async () => geo.succeed(30.0444, 31.2357));
    await user.click(await screen.findByRole('button', { name: en.selectCity.nearby.list }));
    expect(screen.getByRole('heading', { name: en.selectCity.manual.title })).toHaveFocus();
    expect(screen.getByRole('combobox', { name: en.selectCity.manual.governorate })).toHaveValue(
      'cairo',
    );
    expect(screen.getByRole('combobox', { name: en.selectCity.manual.district })).toHaveValue('');
  });

  it('a district named by the geocoder near the position is taken at once', async () => {
    const geo = mockGeolocation();
    mockGeocodeResponse({ address: { suburb: 'المعادي', state: 'محافظة القاهرة' } });
    const { user } = renderPage('ar');
    await user.click(screen.getByRole('button', { name: new RegExp(ar.selectCity.gps.title) }));
    await act(async () => geo.succeed(29.962, 31.276));
    await waitFor(() => expect(location()).toBe('/customer-info'));
    expect(readBookingFlow()).toMatchObject({
      governorateId: 'cairo',
      districtId: 'maadi',
      locationSource: 'gps',
    });
  });

  it('a position far from every district opens the list and says why', async () => {
    const geo = mockGeolocation();
    mockGeocodeResponse({ address: { city: 'Paris', suburb: 'Montmartre' } });
    const { user } = renderPage('en');
    await user.click(screen.getByRole('button', { name: /Use my current location/ }));
    await act(async () => geo.succeed(48.8566, 2.3522));
    expect(await screen.findByText(en.selectCity.manual.gpsFar)).toBeVisible();
    expect(screen.getByRole('combobox', { name: en.selectCity.manual.governorate })).toHaveValue(
      '',
    );
  });

  it('denied (code 1): back to the choice with a dismissible alert', async () => {
    const geo = mockGeolocation();
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: /Use my current location/ }));
    await act(async () => geo.fail(1));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(en.selectCity.errors.denied);
    expect(screen.getByRole('button', { name: /Use my current location/ })).toBeVisible();
    await user.click(within(alert).getByRole('button', { name: en.selectCity.errors.dismiss }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('denied (Arabic): the alert closes with a button named "إغلاق"', async () => {
    const geo = mockGeolocation();
    const { user } = renderPage('ar');
    await user.click(screen.getByRole('button', { name: new RegExp(ar.selectCity.gps.title) }));
    await act(async () => geo.fail(1));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ar.selectCity.errors.denied);
    await user.click(within(alert).getByRole('button', { name: 'إغلاق' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('other failures (timeout) show the generic message, and retry tries again', async () => {
    const geo = mockGeolocation();
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: /Use my current location/ }));
    await act(async () => geo.fail(3));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(en.selectCity.errors.failed);
    await user.click(within(alert).getByRole('button', { name: en.selectCity.errors.retry }));
    expect(geo.getCurrentPosition).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('heading', { name: en.selectCity.gps.locatingTitle })).toBeVisible();
  });

  it.each([
    ['answers 503', () => mockGeocodeResponse({ error: 'busy' }, 503)],
    [
      'is unreachable',
      () =>
        vi.stubGlobal(
          'fetch',
          vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
        ),
    ],
  ])(
    'a geocoder that %s: the districts nearest the position, saying the address was not looked up',
    async (_label, geocoder) => {
      const geo = mockGeolocation();
      geocoder();
      const { user } = renderPage('en');
      await user.click(screen.getByRole('button', { name: /Use my current location/ }));
      // At Maadi's centre, clearly the nearest: still the customer's to confirm, told why.
      await act(async () => geo.succeed(29.9602, 31.2569));
      const region = await screen.findByRole('region', { name: en.selectCity.nearby.title });
      expect(screen.queryByRole('alert')).toBeNull();
      expect(within(region).getByText(en.selectCity.nearby.noAddress)).toBeVisible();
      const choices = within(within(region).getByRole('list')).getAllByRole('button');
      expect(choices.map((b) => b.textContent)).toEqual([
        'MaadiCairo, 0.1 km away',
        'El BasatinCairo, 2.8 km away',
        'Dar El SalamCairo, 3.5 km away',
      ]);
      await user.click(choices[0]!);
      expect(location()).toBe('/customer-info');
      expect(readBookingFlow()).toMatchObject({ districtId: 'maadi', locationSource: 'gps' });
    },
  );

  it('back from the nearby districts to the two ways of choosing', async () => {
    const geo = mockGeolocation();
    mockGeocodeResponse({ error: 'busy' }, 503);
    const { user } = renderPage('en');
    await user.click(screen.getByRole('button', { name: /Use my current location/ }));
    await act(async () => geo.succeed(30.0444, 31.2357));
    await user.click(
      await screen.findByRole('button', { name: en.selectCity.manual.backToChoice }),
    );
    expect(screen.getByRole('button', { name: /Enter it manually/ })).toBeVisible();
  });

  it('unsupported browsers get their own message (Arabic)', async () => {
    removeGeolocation();
    const { user } = renderPage('ar');
    await user.click(screen.getByRole('button', { name: new RegExp(ar.selectCity.gps.title) }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ar.selectCity.errors.unsupported);
  });

  it('cancel returns to the choice silently and ignores the late answer', async () => {
    const geo = mockGeolocation();
    const fetchMock = mockGeocodeResponse({ address: { city: 'Cairo', suburb: 'Maadi' } });
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: /Use my current location/ }));
    await user.click(screen.getByRole('button', { name: en.selectCity.gps.cancel }));
    expect(screen.getByRole('button', { name: /Use my current location/ })).toBeVisible();
    await act(async () => geo.succeed());
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(location()).toBe('/select-city');
    expect(readBookingFlow().districtId).toBeUndefined();
  });
});
