import { describe, expect, it } from 'vitest';
import { ordersMovedOnSignIn } from './users';

// Whose orders follow a visitor into the account they sign in to (D2, D13), decided once: the
// server's sign-in routes, the phone sign-in and the memory adapter move what this names.

describe('ordersMovedOnSignIn', () => {
  it('an anonymous visitor’s orders go to the account', () => {
    expect(ordersMovedOnSignIn({ id: 'visitor', anonymous: true }, 'account')).toBe('visitor');
  });

  it('a known user’s orders stay theirs when someone else signs in', () => {
    expect(ordersMovedOnSignIn({ id: 'other', anonymous: false }, 'account')).toBeNull();
  });

  it('no session, or the account itself: nothing moves', () => {
    expect(ordersMovedOnSignIn(null, 'account')).toBeNull();
    expect(ordersMovedOnSignIn({ id: 'account', anonymous: true }, 'account')).toBeNull();
  });

  it('an account not made yet (a new customer by phone) takes the visitor’s orders', () => {
    expect(ordersMovedOnSignIn({ id: 'visitor', anonymous: true }, null)).toBe('visitor');
  });
});
