/**
 * The documents the Firebase adapter writes, built in one place so that firestore.rules, which
 * checks every field of them, can be compared with them (tests/unit/firestore-rules.test.ts runs
 * here without the Firestore emulator; tests/rules/ runs the rules themselves where it can).
 */
import { serverTimestamp, type DocumentData, type Timestamp } from 'firebase/firestore';
import { CURRENCY } from '../../domain/pricing';
import type { ContactInput, OrderInput } from '../../domain/schemas';
import { INITIAL_ORDER_STATUS } from '../../domain/status';

/** Every collection the adapter reads or writes; the rules have a match block for each. */
export const COLLECTIONS = {
  orders: 'orders',
  tracking: 'tracking',
  reviews: 'reviews',
  reviewThrottle: 'reviewThrottle',
  messages: 'messages',
} as const;

/** The test payment provider's token shape (D3), also checked by the rules. */
export { TEST_PAYMENT_TOKEN } from '../../domain/order';

/**
 * A new order and its public tracking copy (no name, phone, address or notes), written in one
 * transaction. `historyAt` is the client's clock: server timestamps are not allowed inside
 * arrays, and the rules accept it within 5 minutes of theirs.
 */
export function newOrderDocuments(args: {
  values: OrderInput;
  userId: string;
  orderId: string;
  orderNumber: string;
  paymentToken?: string;
  historyAt: Timestamp;
}): { order: DocumentData; tracking: DocumentData } {
  const { values, userId, orderId, orderNumber, paymentToken, historyAt } = args;
  const card = values.paymentMethod === 'card';
  const publicPart = {
    orderNumber,
    moveType: values.moveType,
    totalPrice: values.totalPrice,
    currency: CURRENCY,
    paymentMethod: values.paymentMethod,
    // The test provider (D3), as on the server: a well-formed test token approves the card
    // (no money moves); the rules check the same shape. Cash stays pending.
    paymentStatus: card ? 'paid' : 'pending',
    status: INITIAL_ORDER_STATUS,
    statusHistory: [{ status: INITIAL_ORDER_STATUS, at: historyAt, actor: 'system' }],
    moveDate: values.moveDate,
  };
  const order = {
    ...publicPart,
    userId,
    fullName: values.fullName,
    phoneNumber: values.phoneNumber,
    pickupAddress: values.pickupAddress,
    dropoffAddress: values.dropoffAddress,
    governorateId: values.governorateId,
    districtId: values.districtId,
    notes: values.notes ?? '',
    housing: values.housing,
    pickupFloor: values.pickupFloor,
    dropoffFloor: values.dropoffFloor,
    workers: values.workers,
    moveTime: values.moveTime,
    paymentProvider: card ? 'test' : 'cash',
    ...(card ? { paymentToken } : {}),
    createdAt: serverTimestamp(),
  };
  return { order, tracking: { ...publicPart, orderId } };
}

/** A review and its author's throttle document (one review per 60 s), written together. */
export function newReviewDocuments(
  review: { name: string; review: string; rating: number },
  reviewId: string,
): { review: DocumentData; throttle: DocumentData } {
  return {
    review: {
      name: review.name,
      review: review.review,
      rating: review.rating,
      hidden: false,
      createdAt: serverTimestamp(),
    },
    throttle: { last: serverTimestamp(), reviewId },
  };
}

export function newMessageDocument(input: ContactInput): DocumentData {
  return {
    name: input.name,
    email: input.email,
    phone: input.phone,
    message: input.message,
    createdAt: serverTimestamp(),
  };
}
