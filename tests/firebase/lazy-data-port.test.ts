import { describe, expect, it, vi } from 'vitest';
import { isDataError } from '../../src/data/port';
import type { CurrentUser, DataPort, DataError, DeskChange } from '../../src/data/port';
import { lazyDataPort } from '../../src/data/select-adapter';
import { MemoryBackend } from '../../src/testing/memory-adapter';
import { hostedOrderInput } from '../../src/data/firebase/testing-hosted';
import { verifiedCustomer } from '../../src/testing/order-fixtures';

// select-adapter's lazy DataPort: what a `firebase` build hands the app at start-up, before the
// adapter chunk (and the SDK) has loaded.

describe('lazyDataPort', () => {
  it('loads the adapter on first use, once, and forwards calls and results', async () => {
    const real = new MemoryBackend().client();
    const load = vi.fn(async () => real as DataPort);
    const port = lazyDataPort(load);
    expect(load).not.toHaveBeenCalled();
    const user = await port.auth.ensureSession();
    expect(await port.auth.current()).toEqual(user);
    expect((await port.prices.catalog()).currency).toBe('EGP');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('subscribe attaches once loaded; unsubscribing before that attaches nothing', async () => {
    const real = new MemoryBackend().client();
    await real.auth.ensureSession();
    const port = lazyDataPort(async () => real);
    const seen: (CurrentUser | null)[] = [];
    const stop = port.auth.subscribe((user) => seen.push(user));
    await expect.poll(() => seen.length).toBe(1);
    expect(seen[0]?.anonymous).toBe(true);
    stop();

    const never: (CurrentUser | null)[] = [];
    const attach = vi.spyOn(real.auth, 'subscribe');
    const load = vi.fn(async () => real);
    lazyDataPort(load).auth.subscribe((user) => never.push(user))();
    // The adapter has loaded, and what its loading set off has run (a macrotask comes after
    // every microtask): the listener was never attached.
    await load.mock.results[0]!.value;
    await new Promise((resolve) => setImmediate(resolve));
    expect(attach).not.toHaveBeenCalled();
    expect(never).toEqual([]);
  });

  it('a failed load is unavailable, reported to subscribers, and retried on the next call', async () => {
    const real = new MemoryBackend().client();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let attempts = 0;
    const port = lazyDataPort(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('chunk failed to load');
      return real;
    });
    const error = await port.orders.mine().catch((e: unknown) => e);
    expect(isDataError(error) && error.code).toBe('unavailable');
    expect(await port.auth.current()).toBeNull();
    expect(attempts).toBe(2);

    const broken = lazyDataPort(async () => {
      throw new Error('offline');
    });
    const users: (CurrentUser | null)[] = [];
    broken.auth.subscribe((user) => users.push(user));
    const reviewErrors: DataError[] = [];
    broken.reviews.subscribe(
      () => undefined,
      (e) => reviewErrors.push(e),
    );
    await expect.poll(() => users.length + reviewErrors.length).toBe(2);
    expect(users).toEqual([null]);
    expect(reviewErrors[0]?.code).toBe('unavailable');
    errors.mockRestore();
  });

  it('the admin desk is there before the adapter loads: watch attaches once it has', async () => {
    const backend = new MemoryBackend();
    backend.createAdmin('admin@afsh.test', 'Admin-pass-2026');
    const real = backend.client();
    await real.auth.signIn({ email: 'admin@afsh.test', password: 'Admin-pass-2026' });
    const port = lazyDataPort(async () => real);
    const heard: DeskChange[] = [];
    const live: boolean[] = [];
    const stop = port.desk!.watch(
      (change) => heard.push(change),
      (up) => live.push(up),
    );
    await expect.poll(() => live.at(-1)).toBe(true);
    const input = hostedOrderInput({
      moveDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    });
    // Only a customer who proved the order's number books (D13).
    const customer = await verifiedCustomer(backend, input.phoneNumber);
    const order = await customer.orders.create(input);
    await expect
      .poll(() => heard.map((h) => h.type === 'order' && h.change.orderNumber))
      .toContain(order.orderNumber);
    expect(await port.desk!.notifications(order.id)).toEqual(expect.any(Array));
    stop();

    // A failed load: the desk says it is not live.
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const down: boolean[] = [];
    lazyDataPort(async () => {
      throw new Error('offline');
    }).desk!.watch(
      () => undefined,
      (up) => down.push(up),
    );
    await expect.poll(() => down).toEqual([false]);
    errors.mockRestore();
  });

  it('the live tracker and "my orders" return their stop at once and attach once loaded (D19)', async () => {
    const backend = new MemoryBackend();
    const input = hostedOrderInput({
      moveDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    });
    const customer = await verifiedCustomer(backend, input.phoneNumber);
    const order = await customer.orders.create(input);
    const port = lazyDataPort(async () => customer);
    const tracked: (string | null)[] = [];
    const stopTracking = port.tracking.watch(order.orderNumber, (view) =>
      tracked.push(view?.status ?? null),
    );
    expect(typeof stopTracking).toBe('function');
    const mine: number[] = [];
    const stopMine = port.orders.watchMine((orders) => mine.push(orders.length));
    await expect.poll(() => tracked).toEqual(['received']);
    await expect.poll(() => mine).toEqual([1]);
    stopTracking();
    stopMine();

    // A failed load: both say they are not live, each through its own onLive.
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = lazyDataPort(async () => {
      throw new Error('offline');
    });
    const down: string[] = [];
    broken.tracking.watch(
      order.orderNumber,
      () => undefined,
      (up) => down.push(`tracking ${up}`),
    );
    broken.orders.watchMine(
      () => undefined,
      (up) => down.push(`mine ${up}`),
    );
    await expect.poll(() => down.sort()).toEqual(['mine false', 'tracking false']);
    errors.mockRestore();
  });
});
