import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { readBookingFlow, writeBookingFlow } from '../flow/booking-flow';
import { mockGeocodeResponse, mockGeolocation } from '../hooks/geolocation-test-utils';
import ar from '../../../../locales/ar/booking.json';
import en from '../../../../locales/en/booking.json';
import arValidation from '../../../../locales/ar/validation.json';
import enValidation from '../../../../locales/en/validation.json';
import { CustomerInfoPage } from './customer-info-page';
import type { PhoneVerifierProps } from '../hooks/use-phone-check';
import { MemoryBackend, type MemoryDataPort } from '../../../testing/memory-adapter';
import { memoryCodes, verifyPhone } from '../../../testing/order-fixtures';

/**
 * The code step stands in for the auth feature's (wired in src/app, where the tests of proving a
 * number on this step are): here the session has proved the fixtures' number already.
 */
function FakeVerifier({ phone }: PhoneVerifierProps) {
  return <p>code step for {phone}</p>;
}

let port: MemoryDataPort;
beforeEach(async () => {
  const backend = new MemoryBackend();
  port = backend.client();
  await verifyPhone(port, memoryCodes(backend));
});

function renderPage(language: 'ar' | 'en' = 'en') {
  return renderWithProviders(<CustomerInfoPage phoneVerifier={FakeVerifier} />, {
    language,
    port,
    route: '/customer-info',
    extraRoutes: [
      { path: '/select-city', element: <p>select city</p> },
      { path: '/date-selection', element: <p>date selection</p> },
    ],
  });
}

const location = () => screen.getByTestId('location').textContent;
const withLocation = () => writeBookingFlow({ governorateId: 'cairo', districtId: 'nasr-city' });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function fillValid(user: ReturnType<typeof renderPage>['user'], language: 'ar' | 'en') {
  const s = language === 'ar' ? ar : en;
  await user.type(screen.getByLabelText(s.customerInfo.fullName), 'منى عادل');
  await user.type(screen.getByLabelText(s.customerInfo.phone), '٠١٠١٢٣٤٥٦٧٨');
  await user.type(screen.getByLabelText(s.customerInfo.pickup), '١٢ شارع عباس العقاد');
  await user.type(screen.getByLabelText(s.customerInfo.dropoff), '٥ شارع ٩، المعادي');
}

describe('CustomerInfoPage', () => {
  it('asks for consent to messages, off until ticked, and keeps the choice in the flow', async () => {
    withLocation();
    const { user } = renderPage('ar');
    const box = screen.getByRole('checkbox', { name: ar.customerInfo.consent.label });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(/واتساب|سياسة الخصوصية/);
    expect(screen.getByRole('link', { name: 'سياسة الخصوصية' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    await user.click(box);
    expect(box).toBeChecked();
    expect(readBookingFlow().notifyConsent).toBe(true);
    await user.click(screen.getByText(ar.customerInfo.consent.label));
    expect(box).not.toBeChecked();
    expect(readBookingFlow().notifyConsent).toBe(false);
  });

  it('without a location, sends the customer back to /select-city', () => {
    renderPage();
    expect(location()).toBe('/select-city');
  });

  it('shows the pickup city and district read-only, and the drop-off area as the pickup’s', () => {
    withLocation();
    renderPage('ar');
    expect(screen.getByText('القاهرة', { selector: 'dd' })).toBeVisible();
    expect(screen.getByText('مدينة نصر', { selector: 'dd' })).toBeVisible();
    expect(screen.getByLabelText(ar.customerInfo.dropoffArea.governorate)).toHaveValue('cairo');
    expect(screen.getByLabelText(ar.customerInfo.dropoffArea.district)).toHaveValue('nasr-city');
    expect(screen.getByRole('option', { name: 'القاهرة', selected: true })).toBeInTheDocument();
  });

  it('keeps a move inside the pickup’s area without storing a drop-off area (D11)', async () => {
    withLocation();
    const { user } = renderPage('en');
    await fillValid(user, 'en');
    await user.click(screen.getByRole('button', { name: en.customerInfo.next }));
    await waitFor(() => expect(location()).toBe('/date-selection'));
    const flow = readBookingFlow();
    expect(flow.dropoffGovernorateId).toBeUndefined();
    expect(flow.dropoffDistrictId).toBeUndefined();
  });

  it('a drop-off in another governorate needs its district, then is saved (D11)', async () => {
    withLocation();
    const { user } = renderPage('en');
    await fillValid(user, 'en');
    const governorate = screen.getByLabelText(en.customerInfo.dropoffArea.governorate);
    const district = screen.getByLabelText(en.customerInfo.dropoffArea.district);
    await user.selectOptions(governorate, 'alexandria');
    // Another governorate clears the district: it must be chosen again.
    expect(district).toHaveValue('');
    await user.click(screen.getByRole('button', { name: en.customerInfo.next }));
    expect(location()).toBe('/customer-info');
    expect(district).toHaveAttribute('aria-invalid', 'true');
    expect(district).toHaveFocus();
    await user.selectOptions(district, 'smouha');
    await user.click(screen.getByRole('button', { name: en.customerInfo.next }));
    await waitFor(() => expect(location()).toBe('/date-selection'));
    expect(readBookingFlow()).toMatchObject({
      governorateId: 'cairo',
      districtId: 'nasr-city',
      dropoffGovernorateId: 'alexandria',
      dropoffDistrictId: 'smouha',
    });
  });

  it('blank required fields: the spec message, each field marked, focus on the first', async () => {
    withLocation();
    const { user } = renderPage('en');
    await user.click(screen.getByRole('button', { name: en.customerInfo.next }));
    expect(screen.getByRole('alert')).toHaveTextContent(enValidation.customerInfo.required);
    const name = screen.getByLabelText(en.customerInfo.fullName);
    expect(name).toHaveFocus();
    for (const label of ['fullName', 'phone', 'pickup', 'dropoff'] as const) {
      const input = screen.getByLabelText(en.customerInfo[label]);
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription(expect.stringContaining(en.form.required));
    }
    expect(screen.getByLabelText(/Notes/)).not.toHaveAttribute('aria-invalid');
    expect(location()).toBe('/customer-info');
    expect(readBookingFlow().fullName).toBeUndefined();
  });

  it('a fixed field loses its message as it is typed; the alert goes with the last one', async () => {
    withLocation();
    const { user } = renderPage('en');
    await user.click(screen.getByRole('button', { name: en.customerInfo.next }));
    const name = screen.getByLabelText(en.customerInfo.fullName);
    await user.type(name, 'Mona Adel');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(name).not.toHaveAccessibleDescription();
    expect(screen.getByRole('alert')).toHaveTextContent(enValidation.customerInfo.required);
    await user.type(screen.getByLabelText(en.customerInfo.phone), '01012345678');
    await user.type(screen.getByLabelText(en.customerInfo.pickup), '12 Abbas El Akkad St');
    await user.type(screen.getByLabelText(en.customerInfo.dropoff), '5 Road 9, Maadi');
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('Arabic: blank fields show the Arabic message', async () => {
    withLocation();
    const { user } = renderPage('ar');
    await user.click(screen.getByRole('button', { name: ar.customerInfo.next }));
    expect(screen.getByRole('alert')).toHaveTextContent(arValidation.customerInfo.required);
  });

  it('an invalid phone and a short address get their own messages', async () => {
    withLocation();
    const { user } = renderPage('en');
    await user.type(screen.getByLabelText(en.customerInfo.fullName), 'Mona');
    await user.type(screen.getByLabelText(en.customerInfo.phone), '0123');
    await user.type(screen.getByLabelText(en.customerInfo.pickup), 'abc');
    await user.type(screen.getByLabelText(en.customerInfo.dropoff), '5 Road 9, Maadi');
    await user.click(screen.getByRole('button', { name: en.customerInfo.next }));
    expect(screen.getByRole('alert')).toHaveTextContent(en.form.fixErrors);
    expect(screen.getByLabelText(en.customerInfo.phone)).toHaveFocus();
    expect(screen.getByText(enValidation.phone.invalid)).toBeVisible();
    expect(screen.getByText(enValidation.address.length)).toBeVisible();
  });

  it('normalises an Arabic-digit phone, saves the flow and suggestions, goes to /date-selection', async () => {
    withLocation();
    const { user } = renderPage('ar');
    await fillValid(user, 'ar');
    await user.type(screen.getByLabelText(new RegExp(ar.customerInfo.notes)), 'بيانو');
    await user.click(screen.getByRole('button', { name: ar.customerInfo.next }));
    await waitFor(() => expect(location()).toBe('/date-selection'));
    expect(readBookingFlow()).toMatchObject({
      fullName: 'منى عادل',
      phoneNumber: '01012345678',
      pickupAddress: '١٢ شارع عباس العقاد',
      dropoffAddress: '٥ شارع ٩، المعادي',
      notes: 'بيانو',
    });
    expect(JSON.parse(localStorage.getItem('fullNameSuggestions') ?? '[]')).toEqual(['منى عادل']);
    expect(JSON.parse(localStorage.getItem('phoneSuggestions') ?? '[]')).toEqual(['01012345678']);
  });

  it('offers the last 10 distinct names and phones as suggestions', () => {
    withLocation();
    const names = ['A1', 'A2', 'a1', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'A9', 'A10', 'A11'];
    localStorage.setItem('fullNameSuggestions', JSON.stringify(names));
    localStorage.setItem('phoneSuggestions', JSON.stringify(['01012345678']));
    renderPage('en');
    const nameInput = screen.getByLabelText(en.customerInfo.fullName);
    const list = document.getElementById(nameInput.getAttribute('list') ?? '');
    const options = [...(list?.querySelectorAll('option') ?? [])].map((o) => o.value);
    expect(options).toEqual(['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'A9', 'A10']);
    const phoneInput = screen.getByLabelText(en.customerInfo.phone);
    const phones = document.getElementById(phoneInput.getAttribute('list') ?? '');
    expect(phones?.querySelectorAll('option')).toHaveLength(1);
  });

  it('keeps typed values across a reload (remount) before Next', async () => {
    withLocation();
    const first = renderPage('en');
    await first.user.type(screen.getByLabelText(en.customerInfo.fullName), 'Mona');
    first.unmount();
    renderPage('en');
    expect(screen.getByLabelText(en.customerInfo.fullName)).toHaveValue('Mona');
  });

  it('current location: OK in the confirm dialog fills the pickup address', async () => {
    withLocation();
    const geo = mockGeolocation();
    mockGeocodeResponse({ display_name: '12 Abbas El Akkad, Nasr City, Cairo', address: {} });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderPage('en');
    await user.click(screen.getByRole('button', { name: en.customerInfo.useLocation.button }));
    await act(async () => geo.succeed());
    await waitFor(() =>
      expect(screen.getByLabelText(en.customerInfo.pickup)).toHaveValue(
        '12 Abbas El Akkad, Nasr City, Cairo',
      ),
    );
    expect(confirm).toHaveBeenCalledWith(
      expect.stringContaining('12 Abbas El Akkad, Nasr City, Cairo'),
    );
    expect(screen.getByText(en.customerInfo.useLocation.filledPickup)).toBeVisible();
    expect(screen.getByLabelText(en.customerInfo.dropoff)).toHaveValue('');
  });

  it('current location: Cancel fills the drop-off address; no address gives the fallback', async () => {
    withLocation();
    const geo = mockGeolocation();
    mockGeocodeResponse({ address: {} });
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = renderPage('en');
    await user.click(screen.getByRole('button', { name: en.customerInfo.useLocation.button }));
    await act(async () => geo.succeed());
    await waitFor(() =>
      expect(screen.getByLabelText(en.customerInfo.dropoff)).toHaveValue(
        en.customerInfo.useLocation.unknownAddress,
      ),
    );
    expect(screen.getByLabelText(en.customerInfo.pickup)).toHaveValue('');
  });

  it('current location failing shows "could not determine location" (Arabic)', async () => {
    withLocation();
    const geo = mockGeolocation();
    const { user } = renderPage('ar');
    await user.click(screen.getByRole('button', { name: ar.customerInfo.useLocation.button }));
    await act(async () => geo.fail(2));
    expect(await screen.findByText(ar.customerInfo.useLocation.failed)).toBeVisible();
  });
});
