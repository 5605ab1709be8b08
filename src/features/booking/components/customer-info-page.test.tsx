import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
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
/** The live line beside "fill the pickup address from my current location". */
const locateStatus = (s: typeof en = en) =>
  within(
    screen.getByRole('button', { name: s.customerInfo.useLocation.button }).parentElement!,
  ).getByRole('status');
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

  it('current location in the pickup area fills the pickup address, never the drop-off', async () => {
    withLocation();
    const geo = mockGeolocation();
    mockGeocodeResponse({
      display_name: '12 Abbas El Akkad, Nasr City, Cairo',
      address: { suburb: 'Nasr City', city: 'Cairo' },
    });
    const confirm = vi.spyOn(window, 'confirm');
    const { user } = renderPage('en');
    const button = screen.getByRole('button', { name: en.customerInfo.useLocation.button });
    await user.click(button);
    await act(async () => geo.succeed(30.0566, 31.33));
    await waitFor(() =>
      expect(screen.getByLabelText(en.customerInfo.pickup)).toHaveValue(
        '12 Abbas El Akkad, Nasr City, Cairo',
      ),
    );
    expect(confirm).not.toHaveBeenCalled();
    expect(locateStatus()).toHaveTextContent(en.customerInfo.useLocation.filledPickup);
    expect(screen.getByLabelText(en.customerInfo.dropoff)).toHaveValue('');
    expect(screen.getByLabelText(en.customerInfo.dropoffArea.district)).toHaveValue('nasr-city');
    expect(readBookingFlow()).toMatchObject({ governorateId: 'cairo', districtId: 'nasr-city' });
  });

  it('a position in another district asks; "use my position" moves the pickup area and fills it (Arabic)', async () => {
    withLocation();
    const geo = mockGeolocation();
    mockGeocodeResponse({
      display_name: 'ميدان التحرير، قصر النيل، القاهرة، مصر',
      address: { suburb: 'قصر النيل', city: 'القاهرة', state: 'محافظة القاهرة' },
    });
    const { user } = renderPage('ar');
    await user.click(screen.getByRole('button', { name: ar.customerInfo.useLocation.button }));
    await act(async () => geo.succeed(30.0444, 31.2357));
    const question = await screen.findByText(
      'موقعك الحالي ليس في مدينة نصر، التي اخترتها منطقةً للتحميل. من أين يبدأ النقل؟',
    );
    expect(question).toHaveAttribute('role', 'status');
    const answers = screen.getByRole('group', { name: question.textContent ?? '' });
    expect([...answers.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      'من وسط البلد، القاهرة',
      'من جاردن سيتي، القاهرة',
      'من عابدين، القاهرة',
      'من مدينة نصر، وسأكتب العنوان',
    ]);
    // Nothing is filled, nor the area changed, until the customer answers.
    expect(screen.getByLabelText(ar.customerInfo.pickup)).toHaveValue('');
    expect(readBookingFlow().districtId).toBe('nasr-city');

    await user.click(screen.getByRole('button', { name: 'من وسط البلد، القاهرة' }));
    expect(screen.getByLabelText(ar.customerInfo.pickup)).toHaveValue(
      'ميدان التحرير، قصر النيل، القاهرة، مصر',
    );
    expect(readBookingFlow()).toMatchObject({
      governorateId: 'cairo',
      districtId: 'downtown',
      locationSource: 'gps',
    });
    expect(screen.getByText('وسط البلد', { selector: 'dd' })).toBeVisible();
    // The drop-off area was the pickup's default: it follows the pickup.
    expect(screen.getByLabelText(ar.customerInfo.dropoffArea.district)).toHaveValue('downtown');
    expect(locateStatus(ar)).toHaveTextContent(
      'أضفنا موقعك الحالي عنوانًا للاستلام، وأصبحت منطقة التحميل وسط البلد، القاهرة.',
    );
    expect(screen.queryByRole('group')).toBeNull();
    await waitFor(() => expect(screen.getByLabelText(ar.customerInfo.pickup)).toHaveFocus());
  });

  it('a drop-off area the customer chose stays when the pickup area moves', async () => {
    withLocation();
    const geo = mockGeolocation();
    mockGeocodeResponse({ display_name: 'Tahrir Square', address: { suburb: 'Qasr El Nil' } });
    const { user } = renderPage('en');
    await user.selectOptions(
      screen.getByLabelText(en.customerInfo.dropoffArea.governorate),
      'giza',
    );
    await user.selectOptions(screen.getByLabelText(en.customerInfo.dropoffArea.district), 'dokki');
    await user.click(screen.getByRole('button', { name: en.customerInfo.useLocation.button }));
    await act(async () => geo.succeed(30.0444, 31.2357));
    await user.click(await screen.findByRole('button', { name: 'From Garden City, Cairo' }));
    expect(readBookingFlow()).toMatchObject({ districtId: 'garden-city' });
    expect(screen.getByLabelText(en.customerInfo.dropoffArea.governorate)).toHaveValue('giza');
    expect(screen.getByLabelText(en.customerInfo.dropoffArea.district)).toHaveValue('dokki');
  });

  it('keeping the pickup area fills nothing and asks for the address', async () => {
    withLocation();
    const geo = mockGeolocation();
    mockGeocodeResponse({ display_name: 'Tahrir Square', address: { suburb: 'Qasr El Nil' } });
    const { user } = renderPage('en');
    await user.click(screen.getByRole('button', { name: en.customerInfo.useLocation.button }));
    await act(async () => geo.succeed(30.0444, 31.2357));
    await user.click(
      await screen.findByRole('button', { name: 'From Nasr City; I will type the address' }),
    );
    expect(locateStatus()).toHaveTextContent(
      'The pickup area stays Nasr City, Cairo. Please type the pickup address.',
    );
    expect(screen.getByLabelText(en.customerInfo.pickup)).toHaveValue('');
    expect(readBookingFlow()).toMatchObject({ governorateId: 'cairo', districtId: 'nasr-city' });
    await waitFor(() => expect(screen.getByLabelText(en.customerInfo.pickup)).toHaveFocus());
  });

  it('the geocoder down: the position is found, nothing is filled, and it says so', async () => {
    withLocation();
    const geo = mockGeolocation();
    mockGeocodeResponse({ error: 'busy' }, 503);
    const { user } = renderPage('en');
    await user.click(screen.getByRole('button', { name: en.customerInfo.useLocation.button }));
    await act(async () => geo.succeed(30.0566, 31.33));
    await waitFor(() =>
      expect(locateStatus()).toHaveTextContent(en.customerInfo.useLocation.noAddress),
    );
    expect(screen.getByLabelText(en.customerInfo.pickup)).toHaveValue('');
    expect(screen.getByLabelText(en.customerInfo.dropoff)).toHaveValue('');
  });

  it('a position far from every district fills nothing (Arabic)', async () => {
    withLocation();
    const geo = mockGeolocation();
    mockGeocodeResponse({ display_name: 'Paris, France', address: { city: 'Paris' } });
    const { user } = renderPage('ar');
    await user.click(screen.getByRole('button', { name: ar.customerInfo.useLocation.button }));
    await act(async () => geo.succeed(48.8566, 2.3522));
    await waitFor(() =>
      expect(locateStatus(ar)).toHaveTextContent(
        'موقعك الحالي بعيد عن منطقة التحميل (مدينة نصر، القاهرة)',
      ),
    );
    expect(screen.getByLabelText(ar.customerInfo.pickup)).toHaveValue('');
  });

  it('says the pickup area came from the position when it did', () => {
    writeBookingFlow({ governorateId: 'cairo', districtId: 'maadi', locationSource: 'gps' });
    renderPage('en');
    expect(screen.getByText(en.customerInfo.location.fromGps)).toBeVisible();
  });

  it('says nothing of the kind for a pickup area chosen from the list', () => {
    writeBookingFlow({ governorateId: 'cairo', districtId: 'maadi', locationSource: 'manual' });
    renderPage('en');
    expect(screen.queryByText(en.customerInfo.location.fromGps)).toBeNull();
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
