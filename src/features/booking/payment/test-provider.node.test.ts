import { describe, expect, it } from 'vitest';
import { TEST_PAYMENT_TOKEN } from '../../../testing/memory-adapter';
import { PaymentDeclinedError } from './browser-payment';
import { browserPaymentProvider } from './payment-provider';
import { randomTokenPart, testPaymentProvider } from './test-provider';

const good = {
  cardNumber: '4242424242424242',
  cardHolder: 'Mona Ali',
  expiry: '12/99',
  cvv: '123',
};

describe('testPaymentProvider', () => {
  it('approves a valid card with a test_ok_ token the backend accepts', async () => {
    const { token } = await testPaymentProvider.authorize(good, 1500);
    expect(token).toMatch(/^test_ok_[A-Za-z0-9]{24}$/);
    expect(token).toMatch(TEST_PAYMENT_TOKEN);
    expect(browserPaymentProvider()).toBe(testPaymentProvider);
  });

  it('gives a different token each time', async () => {
    const a = await testPaymentProvider.authorize(good, 1500);
    const b = await testPaymentProvider.authorize(good, 1500);
    expect(a.token).not.toBe(b.token);
    expect(randomTokenPart(40)).toHaveLength(40);
  });

  it.each([
    ['a bad Luhn number', { ...good, cardNumber: '4242424242424241' }],
    ['an expired card', { ...good, expiry: '01/20' }],
    ['a short CVV', { ...good, cvv: '12' }],
  ])('declines %s', async (_, card) => {
    await expect(testPaymentProvider.authorize(card, 1500)).rejects.toBeInstanceOf(
      PaymentDeclinedError,
    );
  });
});
