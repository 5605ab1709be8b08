// Reviews as customers write them (D14): from an order of theirs the team has moved on.
import type { NewOrder, Order, Review, SubmittedReview } from '../data/port';
import type { OrderStatus } from '../domain/status';
import type { MemoryBackend, MemoryDataPort } from './memory-adapter';
import { placeOrder, setOrderStatus, teamClient } from './order-fixtures';

let customers = 0;
/** A number of its own for each new customer: one number is one customer (D13). */
function nextPhone(): string {
  customers += 1;
  return `0155${String(customers).padStart(7, '0')}`;
}

/** A customer (a browser of its own, or `client`) with an order the team moved on to `status`. */
export async function customerWithOrder(
  backend: MemoryBackend,
  status: OrderStatus = 'delivered',
  patch: Partial<NewOrder> = {},
  client: MemoryDataPort = backend.client(),
): Promise<{ client: MemoryDataPort; order: Order }> {
  const placed = await placeOrder(backend, { phoneNumber: nextPhone(), ...patch }, client);
  const order = status === 'received' ? placed : await setOrderStatus(backend, placed.id, status);
  return { client, order };
}

/** A customer's review of their delivered order, published by the team: in the public list. */
export async function publishedReview(
  backend: MemoryBackend,
  {
    fullName = 'Mona Hassan',
    review,
    rating,
  }: { fullName?: string; review: string; rating: number },
): Promise<Review> {
  const { client, order } = await customerWithOrder(backend, 'delivered', { fullName });
  const added: SubmittedReview = await client.reviews.add({ orderId: order.id, review, rating });
  await (await teamClient(backend)).reviews.setHidden(added.id, false);
  const { id, name, createdAt } = added;
  return { id, name, review: added.review, rating: added.rating, createdAt };
}
