import { afterEach, describe, expect, it } from 'vitest';
import { BOOKING_STORAGE_KEY } from '../features/booking/flow/booking-flow';
import { estimateDraft } from './estimate-draft';

afterEach(() => sessionStorage.clear());

describe('the estimator’s draft in the booking store', () => {
  const input = {
    moveType: 'office' as const,
    workers: 4,
    housing: 'villa' as const,
    pickupFloor: 3,
    dropoffFloor: 1,
  };

  it('comes back as saved, from the one booking key, without a price (the screen prices it)', () => {
    expect(estimateDraft.load()).toBeNull();
    estimateDraft.save(input);
    expect(Object.keys(sessionStorage)).toEqual([BOOKING_STORAGE_KEY]);
    expect(estimateDraft.load()).toEqual(input);
  });

  it('a hand-edited draft is ignored, and a stored price is never read', () => {
    sessionStorage.setItem(
      BOOKING_STORAGE_KEY,
      JSON.stringify({
        drafts: { estimate: { ...input, moveType: 'not-a-move-type', workers: '4' } },
      }),
    );
    expect(estimateDraft.load()).toBeNull();
    sessionStorage.setItem(
      BOOKING_STORAGE_KEY,
      JSON.stringify({
        drafts: {
          estimate: {
            moveType: 'office',
            housing: 'villa',
            workers: '4',
            pickupFloor: '3',
            dropoffFloor: '1',
            totalPrice: '1',
          },
        },
      }),
    );
    expect(estimateDraft.load()).toEqual(input);
  });
});
