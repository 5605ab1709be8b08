import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readBookingFlow, writeBookingFlow } from '../features/booking/flow/booking-flow';
import { MemoryBackend } from '../testing/memory-adapter';
import { memoryCodes, verifyPhone } from '../testing/order-fixtures';
import { renderWithProviders } from '../testing/render';
import authAr from '../../locales/ar/auth.json';
import authEn from '../../locales/en/auth.json';
import bookingAr from '../../locales/ar/booking.json';
import bookingEn from '../../locales/en/booking.json';
import errorsEn from '../../locales/en/errors.json';
import { CustomerInfoScreen } from './customer-info-screen';

// The details step with the auth feature's code step, as the app wires them (D13): a crew is
// held only for a customer who proved the order's number.

const location = () => screen.getByTestId('location').textContent;

function renderStep(
  backend: MemoryBackend,
  port = backend.client(),
  { language = 'ar' as 'ar' | 'en', state }: { language?: 'ar' | 'en'; state?: unknown } = {},
) {
  writeBookingFlow({ governorateId: 'cairo', districtId: 'nasr-city' });
  return {
    port,
    ...renderWithProviders(<CustomerInfoScreen />, {
      language,
      port,
      state,
      route: '/customer-info',
      extraRoutes: [
        { path: '/date-selection', element: <p>date selection</p> },
        { path: '/payment', element: <p>payment</p> },
      ],
    }),
  };
}

async function fillAndContinue(user: ReturnType<typeof renderStep>['user'], language: 'ar' | 'en') {
  const s = (language === 'ar' ? bookingAr : bookingEn).customerInfo;
  // Pasted rather than typed key by key: the same events for the form, a fraction of the time.
  const fill = async (label: string, value: string) => {
    await user.click(screen.getByLabelText(label));
    await user.paste(value);
  };
  await fill(s.fullName, 'منى عادل');
  await user.type(screen.getByLabelText(s.phone), '٠١٠١٢٣٤٥٦٧٨');
  await fill(s.pickup, '١٢ شارع عباس العقاد');
  await fill(s.dropoff, '٥ شارع ٩، المعادي');
  await user.click(screen.getByRole('button', { name: s.next }));
}

describe('the details step proves the mobile number (D13)', () => {
  it(
    'asks for the code right there, keeps everything typed, then goes on to the date',
    { timeout: 20_000 },
    async () => {
      const backend = new MemoryBackend();
      const { user, port } = renderStep(backend);
      await port.auth.ensureSession();
      await fillAndContinue(user, 'ar');

      const dialog = await screen.findByRole('dialog', {
        name: `${bookingAr.customerInfo.verify.title} ٠١٠ ١٢٣٤ ٥٦٧٨`,
      });
      const code = await within(dialog).findByLabelText(authAr.phone.code);
      await waitFor(() => expect(code).toHaveFocus());
      expect(location()).toBe('/customer-info');
      expect(backend.phoneCodes).toMatchObject([{ phone: '+201012345678', language: 'ar' }]);
      // What was typed is saved in the booking and still in the form behind the dialog.
      expect(readBookingFlow()).toMatchObject({
        fullName: 'منى عادل',
        phoneNumber: '01012345678',
        pickupAddress: '١٢ شارع عباس العقاد',
      });
      expect(screen.getByLabelText(bookingAr.customerInfo.fullName)).toHaveValue('منى عادل');

      await user.type(code, backend.phoneCodeFor('01012345678'));
      await user.click(within(dialog).getByRole('button', { name: authAr.phone.verify }));
      await waitFor(() => expect(location()).toBe('/date-selection'));
      expect(await port.auth.current()).toMatchObject({ phone: '+201012345678' });
      expect(readBookingFlow()).toMatchObject({ fullName: 'منى عادل', phoneNumber: '01012345678' });
    },
  );

  it('"change the number" closes the code step and puts the focus on the number', async () => {
    const backend = new MemoryBackend();
    const { user } = renderStep(backend, backend.client(), { language: 'en' });
    await fillAndContinue(user, 'en');
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByLabelText(authEn.phone.code);
    expect(within(dialog).getByText(errorsEn.phone.verificationRequired)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: authEn.phone.changeNumber }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const phone = screen.getByLabelText(bookingEn.customerInfo.phone);
    await waitFor(() => expect(phone).toHaveFocus());
    expect(phone).toHaveValue('٠١٠١٢٣٤٥٦٧٨');
    expect(screen.getByLabelText(bookingEn.customerInfo.fullName)).toHaveValue('منى عادل');
    // Back again before a minute has passed: the code already sent is typed, no new one.
    await user.click(screen.getByRole('button', { name: bookingEn.customerInfo.next }));
    await within(await screen.findByRole('dialog')).findByLabelText(authEn.phone.code);
    expect(backend.phoneCodes).toHaveLength(1);
  });

  it('Escape is "change the number" too', async () => {
    const backend = new MemoryBackend();
    const { user } = renderStep(backend, backend.client(), { language: 'en' });
    await fillAndContinue(user, 'en');
    await within(await screen.findByRole('dialog')).findByLabelText(authEn.phone.code);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a session that proved this number goes straight on, without a code', async () => {
    const backend = new MemoryBackend();
    const port = backend.client();
    await verifyPhone(port, memoryCodes(backend));
    const sent = backend.phoneCodes.length;
    const { user } = renderStep(backend, port);
    await fillAndContinue(user, 'ar');
    await waitFor(() => expect(location()).toBe('/date-selection'));
    expect(backend.phoneCodes).toHaveLength(sent);
  });

  it('an admin booking for a caller is never asked', async () => {
    const backend = new MemoryBackend();
    backend.createAdmin('ops@afsh.example', 'Admin-pass-2026');
    const port = backend.client();
    await port.auth.signIn({ email: 'ops@afsh.example', password: 'Admin-pass-2026' });
    const { user } = renderStep(backend, port);
    await fillAndContinue(user, 'ar');
    await waitFor(() => expect(location()).toBe('/date-selection'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(backend.phoneCodes).toEqual([]);
  });

  it('sent back by the payment step, asks for the code at once, then returns to payment', async () => {
    const backend = new MemoryBackend();
    writeBookingFlow({
      governorateId: 'cairo',
      districtId: 'nasr-city',
      fullName: 'منى عادل',
      phoneNumber: '01012345678',
      pickupAddress: '١٢ شارع عباس العقاد',
      dropoffAddress: '٥ شارع ٩، المعادي',
    });
    const port = backend.client();
    const { user } = renderWithProviders(<CustomerInfoScreen />, {
      language: 'en',
      port,
      route: '/customer-info',
      state: { verifyPhone: true, then: 'payment' },
      extraRoutes: [{ path: '/payment', element: <p>payment</p> }],
    });
    const dialog = await screen.findByRole('dialog');
    const code = await within(dialog).findByLabelText(authEn.phone.code);
    expect(screen.getByLabelText(bookingEn.customerInfo.pickup)).toHaveValue('١٢ شارع عباس العقاد');
    await user.type(code, backend.phoneCodeFor('01012345678'));
    await user.click(within(dialog).getByRole('button', { name: authEn.phone.verify }));
    await waitFor(() => expect(location()).toBe('/payment'));
  });
});
