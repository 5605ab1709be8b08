import { cairoToday } from '../../src/domain/datetime.ts';
import { expectedOrderTotal } from '../../src/domain/schemas.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A valid POST /api/orders body, for driving the real server from outside (the HTTP bench, the
 * crash test): cash on delivery, a move a week ahead (the server takes today up to 180 days
 * out) and the total the server computes, so every request is a real order creation.
 */
export function validOrderBody(): Record<string, unknown> {
  const fields = {
    fullName: 'Mona Hassan',
    phoneNumber: '01012345678',
    pickupAddress: '12 Abbas El Akkad St, Nasr City',
    dropoffAddress: '5 Road 9, Maadi',
    governorateId: 'cairo',
    districtId: 'nasr-city',
    notes: 'Fragile glass table',
    moveType: 'full' as const,
    housing: 'apartment' as const,
    pickupFloor: 3,
    dropoffFloor: 2,
    workers: 3,
    moveDate: cairoToday(new Date(Date.now() + 7 * DAY_MS)),
    moveTime: '10:30',
    paymentMethod: 'cod' as const,
  };
  // Every input of the price is in `fields`, whichever of them the pricing rules use.
  return { ...fields, totalPrice: expectedOrderTotal(fields) };
}

/** Signs in anonymously and returns the `afsh_session=…` cookie pair to send back. */
export async function anonymousSessionCookie(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/anonymous`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
  });
  if (!res.ok) {
    throw new Error(`POST /api/auth/anonymous answered ${res.status}: ${await res.text()}`);
  }
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';', 1)[0] ?? '')
    .find((c) => c.startsWith('afsh_session='));
  if (!cookie) throw new Error('POST /api/auth/anonymous set no session cookie');
  return cookie;
}
