import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../data/port';
import { MemoryBackend } from '../../../testing/memory-adapter';
import { renderWithProviders } from '../../../testing/render';
import authAr from '../../../../locales/ar/auth.json';
import authEn from '../../../../locales/en/auth.json';
import errorsAr from '../../../../locales/ar/errors.json';
import errorsEn from '../../../../locales/en/errors.json';
import validationEn from '../../../../locales/en/validation.json';
import { PhoneSignIn, PhoneVerification } from './phone-sign-in';
import { pendingFrom, rememberCode } from '../pending-code';

const NOW = '2026-03-10T08:00:00.000Z';
const ARABIC_DIGITS = '٠١٢٣٤٥٦٧٨٩';
const arabic = (digits: string) => digits.replace(/\d/g, (d) => ARABIC_DIGITS[Number(d)]!);

function renderSignIn(
  language: 'ar' | 'en',
  backend = new MemoryBackend({ now: NOW }),
  userOptions?: Parameters<typeof renderWithProviders>[1] extends infer O
    ? O extends { userOptions?: infer U }
      ? U
      : never
    : never,
) {
  const port = backend.client();
  const signedIn = vi.fn<(user: CurrentUser) => void>();
  const rendered = renderWithProviders(<PhoneSignIn onSignedIn={signedIn} />, {
    language,
    port,
    userOptions,
  });
  return { ...rendered, backend, port, signedIn };
}

/** Types the number and asks for the code; resolves once the code step is up. */
async function sendCode(
  user: ReturnType<typeof renderSignIn>['user'],
  language: 'ar' | 'en',
  phone: string,
) {
  const strings = language === 'ar' ? authAr : authEn;
  await user.type(screen.getByLabelText(strings.phone.number), phone);
  await user.click(screen.getByRole('button', { name: strings.phone.send }));
  return screen.findByLabelText(strings.phone.code);
}

afterEach(() => {
  vi.useRealTimers();
});

/** The step's status line (the router probe of the test page is an `output`, a status too). */
const sentStatus = () => screen.getAllByRole('status').find((el) => el.tagName !== 'OUTPUT')!;

describe('PhoneSignIn', () => {
  it('(ar) signs in with a code typed in Arabic-Indic digits, the number shown as a reader writes it', async () => {
    const { user, backend, port, signedIn } = renderSignIn('ar');
    const number = screen.getByLabelText(authAr.phone.number);
    expect(number).toHaveAttribute('type', 'tel');
    expect(number).toHaveAttribute('inputmode', 'tel');
    expect(number).toHaveAttribute('autocomplete', 'tel');
    expect(number).toHaveAttribute('dir', 'ltr');

    const code = await sendCode(user, 'ar', '٠١٠ ١٢٣٤ ٥٦٧٨');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('dir', 'ltr');
    // Where it went, in Arabic words and digits, the number left to right; read with the field.
    const sent = sentStatus();
    expect(sent).toHaveTextContent('أرسلنا رمزًا من ٦ أرقام على واتساب إلى ٠١٠ ١٢٣٤ ٥٦٧٨.');
    expect(sent).not.toHaveTextContent(/[0-9]/);
    expect(sent.querySelector('bdi')).toHaveClass('ltr-value');
    expect(code).toHaveAccessibleDescription(expect.stringContaining('واتساب'));
    expect(backend.phoneCodes).toMatchObject([{ phone: '+201012345678', language: 'ar' }]);

    await user.type(code, arabic(backend.phoneCodeFor('01012345678')));
    await user.click(screen.getByRole('button', { name: authAr.phone.verify }));
    await waitFor(() => expect(signedIn).toHaveBeenCalledTimes(1));
    expect(signedIn.mock.calls[0]![0]).toMatchObject({ phone: '+201012345678', anonymous: false });
    expect(await port.auth.current()).toMatchObject({ phone: '+201012345678' });
  });

  it('a wrong code says so with the tries left, marks the field and keeps the focus there', async () => {
    const { user, backend, signedIn } = renderSignIn('en');
    const code = await sendCode(user, 'en', '01012345678');
    const right = backend.phoneCodeFor('01012345678');
    await user.type(code, right === '123456' ? '654321' : '123456');
    await user.click(screen.getByRole('button', { name: authEn.phone.verify }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`${errorsEn.phone.wrongCode} 4 tries left.`);
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(expect.stringContaining('4 tries left'));
    await waitFor(() => expect(code).toHaveFocus());
    await user.clear(code);
    await user.type(code, right);
    await user.click(screen.getByRole('button', { name: authEn.phone.verify }));
    await waitFor(() => expect(signedIn).toHaveBeenCalledTimes(1));
  });

  it('(ar) counts the tries left in Arabic words and digits', async () => {
    const { user, backend } = renderSignIn('ar');
    const code = await sendCode(user, 'ar', '01012345678');
    const wrong = backend.phoneCodeFor('01012345678') === '000000' ? '111111' : '000000';
    // Each refusal is waited for before the next code is typed, as a customer reads it.
    for (const left of ['٤', '٣']) {
      await user.clear(code);
      await user.type(code, wrong);
      await user.click(screen.getByRole('button', { name: authAr.phone.verify }));
      await waitFor(() =>
        expect(screen.getByRole('alert')).toHaveTextContent(
          `${errorsAr.phone.wrongCode} ${authAr.phone.attemptsLeft_few.replace('{{value}}', left)}`,
        ),
      );
    }
  });

  it('a code typed after ten minutes has expired: it says so and offers a new one', async () => {
    const { user, backend, signedIn } = renderSignIn('en');
    const code = await sendCode(user, 'en', '01012345678');
    backend.advanceTime(10 * 60_000);
    await user.type(code, backend.phoneCodeFor('01012345678'));
    await user.click(screen.getByRole('button', { name: authEn.phone.verify }));
    expect(await screen.findByRole('alert')).toHaveTextContent(errorsEn.phone.expired);
    expect(signedIn).not.toHaveBeenCalled();
    expect(code).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the code before sending it: six digits', async () => {
    const { user } = renderSignIn('en');
    const code = await sendCode(user, 'en', '01012345678');
    await user.click(screen.getByRole('button', { name: authEn.phone.verify }));
    expect(code).toHaveAccessibleDescription(
      expect.stringContaining(validationEn.phoneCode.required),
    );
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: authEn.phone.verify }));
    expect(screen.getByText(validationEn.phoneCode.invalid)).toBeInTheDocument();
    await waitFor(() => expect(code).toHaveFocus());
  });

  it('counts down to a new code, then sends one and starts again; or by SMS instead', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date(NOW) });
    const backend = new MemoryBackend();
    const { user } = renderSignIn('en', backend, {
      advanceTimers: (ms) => vi.advanceTimersByTime(ms),
    });
    await sendCode(user, 'en', '01012345678');
    const resend = screen.getByRole('button', { name: /^Send a new code/ });
    const sms = screen.getByRole('button', { name: authEn.phone.sms });
    expect(resend).toHaveTextContent('Send a new code in 60 seconds');
    expect(resend).toBeDisabled();
    expect(sms).toBeDisabled();
    act(() => vi.advanceTimersByTime(30_000));
    expect(resend).toHaveTextContent('Send a new code in 30 seconds');
    act(() => vi.advanceTimersByTime(29_000));
    expect(resend).toHaveTextContent('Send a new code in 1 second');
    act(() => vi.advanceTimersByTime(1_000));
    expect(resend).toHaveTextContent(authEn.phone.resend);
    expect(resend).toBeEnabled();

    await user.click(sms);
    await waitFor(() =>
      expect(sentStatus()).toHaveTextContent('We sent a 6-digit code by SMS to 010 1234 5678.'),
    );
    expect(backend.phoneCodes.map((c) => c.channel)).toEqual(['whatsapp', 'sms']);
    await waitFor(() => expect(screen.getByLabelText(authEn.phone.code)).toHaveFocus());
    // Sent by SMS: no "by SMS instead" any more, and another minute to wait.
    expect(screen.queryByRole('button', { name: authEn.phone.sms })).toBeNull();
    expect(screen.getByRole('button', { name: /^Send a new code/ })).toHaveTextContent(
      'Send a new code in 60 seconds',
    );
  });

  it('(ar) counts down in Arabic words and digits', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date(NOW) });
    const { user } = renderSignIn('ar', new MemoryBackend(), {
      advanceTimers: (ms) => vi.advanceTimersByTime(ms),
    });
    await sendCode(user, 'ar', '01012345678');
    const resend = screen.getByRole('button', { name: /^أرسل رمزًا جديدًا/ });
    expect(resend).toHaveTextContent('أرسل رمزًا جديدًا بعد ٦٠ ثانية');
    act(() => vi.advanceTimersByTime(55_000));
    expect(resend).toHaveTextContent('أرسل رمزًا جديدًا بعد ٥ ثوانٍ');
  });

  it('without a message service, says the code went to the server log, for developers', async () => {
    const backend = new MemoryBackend({ now: NOW, codeDelivery: 'log' });
    const { user } = renderSignIn('en', backend);
    await sendCode(user, 'en', '01012345678');
    expect(sentStatus()).toHaveTextContent(/server's log .*phoneCode/);
    expect(screen.queryByRole('button', { name: authEn.phone.sms })).toBeNull();
  });

  it('too many codes: says when to try again, in minutes', async () => {
    const backend = new MemoryBackend({ now: NOW });
    for (let i = 0; i < 5; i += 1) {
      await backend.client().auth.requestPhoneCode({ phone: '01012345678', language: 'en' });
      backend.advanceTime(60_000);
    }
    const { user } = renderSignIn('en', backend);
    await user.type(screen.getByLabelText(authEn.phone.number), '01012345678');
    await user.click(screen.getByRole('button', { name: authEn.phone.send }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${errorsEn.phone.tooManyCodes} You can try again in 55 minutes.`,
    );
    expect(screen.getByLabelText(authEn.phone.number)).toHaveFocus();
  });

  it('an invalid number is refused before anything is sent', async () => {
    const { user, backend } = renderSignIn('en');
    await user.type(screen.getByLabelText(authEn.phone.number), '0101234');
    await user.click(screen.getByRole('button', { name: authEn.phone.send }));
    const number = screen.getByLabelText(authEn.phone.number);
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(number).toHaveAccessibleDescription(expect.stringContaining(validationEn.phone.invalid));
    expect(backend.phoneCodes).toEqual([]);
  });

  it('"change the number" goes back to the number, kept and focused', async () => {
    const { user } = renderSignIn('en');
    await sendCode(user, 'en', '01012345678');
    await user.click(screen.getByRole('button', { name: authEn.phone.changeNumber }));
    const number = await screen.findByLabelText(authEn.phone.number);
    expect(number).toHaveValue('01012345678');
    await waitFor(() => expect(number).toHaveFocus());
  });

  it('a code sent before a reload is typed where it was left, with its countdown', async () => {
    const backend = new MemoryBackend({ now: NOW });
    const challenge = await backend
      .client()
      .auth.requestPhoneCode({ phone: '01012345678', language: 'en' });
    rememberCode(pendingFrom(challenge));
    const { user, signedIn } = renderSignIn('en', backend);
    const code = await screen.findByLabelText(authEn.phone.code);
    expect(screen.getByRole('button', { name: /^Send a new code/ })).toBeDisabled();
    await user.type(code, backend.phoneCodeFor(challenge.challengeId));
    await user.click(screen.getByRole('button', { name: authEn.phone.verify }));
    await waitFor(() => expect(signedIn).toHaveBeenCalledTimes(1));
    expect(sessionStorage.length).toBe(0);
  });
});

describe('PhoneVerification', () => {
  it('sends the code as it opens, once, and takes up a code that still works', async () => {
    const backend = new MemoryBackend({ now: NOW });
    const port = backend.client();
    const props = { phone: '٠١٠١٢٣٤٥٦٧٨', onVerified: vi.fn(), onCancel: vi.fn() };
    const first = renderWithProviders(<PhoneVerification {...props} />, { language: 'en', port });
    await screen.findByLabelText(authEn.phone.code);
    expect(backend.phoneCodes).toHaveLength(1);
    first.unmount();
    renderWithProviders(<PhoneVerification {...props} />, { language: 'en', port });
    await screen.findByLabelText(authEn.phone.code);
    expect(backend.phoneCodes).toHaveLength(1);
  });

  it('a code that could not be sent says why, and offers to try again or change the number', async () => {
    const backend = new MemoryBackend({ now: NOW, codeDelivery: 'down' });
    const onCancel = vi.fn();
    const { user } = renderWithProviders(
      <PhoneVerification phone="01012345678" onVerified={vi.fn()} onCancel={onCancel} />,
      { language: 'en', port: backend.client() },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(errorsEn.phone.notSent);
    // A code no channel took still counts: the next one after the minute.
    backend.codeDelivery = 'providers';
    backend.advanceTime(60_000);
    await user.click(screen.getByRole('button', { name: authEn.phone.send }));
    expect(await screen.findByLabelText(authEn.phone.code)).toHaveFocus();
    await user.click(screen.getByRole('button', { name: authEn.phone.changeNumber }));
    expect(onCancel).toHaveBeenCalled();
  });
});
