import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataError, type DataPort, type DispatchPort } from '../../../data/port';
import type { CrewJob, CrewJobs, CrewTap } from '../../../domain/field';
import { FIELD_MESSAGES, fieldNext } from '../../../domain/field';
import { MemoryBackend } from '../../../testing/memory-adapter';
import { renderWithProviders } from '../../../testing/render';
import crewAr from '../../../../locales/ar/crew.json';
import crewEn from '../../../../locales/en/crew.json';
import errorsAr from '../../../../locales/ar/errors.json';
import validationAr from '../../../../locales/ar/validation.json';
import { crewJob, crewJobs } from '../crew-fixtures';
import { saveCachedJobs } from '../job-cache';
import { tapQueueKey } from '../tap-queue';
import { CrewPage } from './crew-page';

// The team leader's phone (D28), in Arabic as a crew uses it, on a port whose dispatch is stubbed.

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

function noSignIn() {
  return <p>sign-in form</p>;
}

/** The job answered for a tap: the job moved on to the tap's status. */
function movedOn(job: CrewJob, tap: CrewTap): CrewJob {
  return { ...job, status: tap.status, next: fieldNext(tap.status) };
}

function fakeDispatch(answer: CrewJobs) {
  let current = answer;
  const dispatch = {
    fleet: vi.fn(),
    saveFleet: vi.fn(),
    board: vi.fn(),
    assign: vi.fn(),
    crewJobs: vi.fn(async () => current),
    crewTap: vi.fn(async (orderId: string, tap: CrewTap) => {
      const job = current.jobs.find((j) => j.orderId === orderId)!;
      const after = movedOn(job, tap);
      current = { ...current, jobs: current.jobs.map((j) => (j.orderId === orderId ? after : j)) };
      return after;
    }),
  } satisfies DispatchPort;
  return Object.assign(dispatch, { set: (next: CrewJobs) => (current = next) });
}

/** A port signed in by phone (the memory backend's), with the stubbed dispatch. */
async function leaderPort(dispatch: DispatchPort): Promise<DataPort> {
  const backend = new MemoryBackend();
  const port = backend.client();
  const challenge = await port.auth.requestPhoneCode({ phone: '01001234567', language: 'ar' });
  await port.auth.verifyPhoneCode(challenge.challengeId, backend.phoneCodeFor('01001234567'));
  return Object.assign(port, { dispatch });
}

const today = crewJob({
  orderId: 'order-1',
  orderNumber: 'AF-20261202-101',
  start: '08:00',
  end: '12:00',
  collectCash: 1500,
  notes: 'الثلاجة تحتاج عناية',
});
const later = crewJob({
  orderId: 'order-2',
  orderNumber: 'AF-20261202-102',
  start: '13:00',
  end: '17:00',
  moveType: 'office',
  lastDate: '2026-12-03',
  status: 'under_review',
  customerPhone: '01112345678',
});
const tomorrow = crewJob({
  orderId: 'order-3',
  orderNumber: 'AF-20261203-103',
  date: '2026-12-03',
  lastDate: '2026-12-03',
  status: 'in_transit',
  next: ['delivered'],
  collectCash: 2300,
});

const cardOf = (number: string) => screen.getByRole('article', { name: new RegExp(number) });

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the crew’s phone, in Arabic (D28)', () => {
  it('lists today’s and tomorrow’s jobs in order, each with where, when, for whom and its step', async () => {
    const dispatch = fakeDispatch(crewJobs([today, later, tomorrow]));
    renderWithProviders(<CrewPage SignIn={noSignIn} refreshMs={0} />, {
      route: '/crew',
      port: await leaderPort(dispatch),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'فريق المعادي' })).toBeVisible();
    expect(screen.getByText('قائد الفريق: حسن علي')).toBeInTheDocument();
    const days = screen.getAllByRole('region').filter((r) => r.getAttribute('aria-labelledby'));
    const todaySection = screen.getByRole('region', { name: /^اليوم/ });
    const tomorrowSection = screen.getByRole('region', { name: /^غدًا/ });
    expect(days.indexOf(todaySection)).toBeLessThan(days.indexOf(tomorrowSection));
    // The dates with their weekday, in Arabic digits.
    expect(within(todaySection).getByRole('heading', { level: 2 })).toHaveTextContent(
      /الأربعاء.*٢.*ديسمبر.*٢٠٢٦/,
    );
    expect(
      within(todaySection)
        .getAllByRole('article')
        .map((a) => within(a).getByText(/^AF-/).textContent),
    ).toEqual(['AF-20261202-101', 'AF-20261202-102']);
    expect(within(tomorrowSection).getAllByRole('article')).toHaveLength(1);

    const first = cardOf('AF-20261202-101');
    expect(within(first).getByRole('heading', { level: 3 })).toHaveTextContent('٨:٠٠');
    expect(within(first).getByText('AF-20261202-101')).toHaveAttribute('dir', 'ltr');
    expect(within(first).getByText('نقل عفش كامل')).toBeInTheDocument();
    expect(within(first).getByText(/حصّل نقدًا:.*١٬٥٠٠/)).toBeInTheDocument();
    expect(within(first).getByText(/المعادي، القاهرة · الدور ٣/)).toBeInTheDocument();
    expect(within(first).getByText(/الدقي، الجيزة · الدور الأرضي/)).toBeInTheDocument();
    expect(within(first).getByText('الثلاجة تحتاج عناية')).toBeInTheDocument();
    expect(within(first).getByText('٤ عمال')).toBeInTheDocument();
    const map = within(first).getByRole('link', {
      name: `${crewAr.job.map.open} ${crewAr.job.map.pickup}`,
    });
    expect(map).toHaveAttribute(
      'href',
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('12 شارع 9, المعادي, القاهرة')}`,
    );
    expect(map).toHaveAttribute('target', '_blank');
    expect(within(first).getByRole('link', { name: 'اتصال بالعميل منى عادل' })).toHaveAttribute(
      'href',
      'tel:+201012345678',
    );
    expect(within(first).getByRole('link', { name: /واتساب/ })).toHaveAttribute(
      'href',
      'https://wa.me/201012345678',
    );
    expect(within(first).getByRole('button', { name: 'انطلقنا' })).toBeInTheDocument();

    const second = cardOf('AF-20261202-102');
    expect(within(second).getByText('نقل مكاتب')).toBeInTheDocument();
    expect(within(second).getByText(/نقل طويل: يستمر حتى الخميس/)).toBeInTheDocument();
    expect(within(second).queryByText(/حصّل نقدًا/)).toBeNull();
    expect(within(second).getByText(/لا يُحصَّل شيء/)).toBeInTheDocument();
    expect(
      within(cardOf('AF-20261203-103')).getByRole('button', { name: 'تم التسليم' }),
    ).toBeVisible();
  });

  it('a field button sends its tap and the card follows the backend’s answer', async () => {
    const dispatch = fakeDispatch(crewJobs([today]));
    const { user } = renderWithProviders(<CrewPage SignIn={noSignIn} refreshMs={0} />, {
      route: '/crew',
      port: await leaderPort(dispatch),
    });
    await user.click(await screen.findByRole('button', { name: 'انطلقنا' }));
    expect(await screen.findByRole('button', { name: 'وصلنا' })).toBeVisible();
    expect(dispatch.crewTap).toHaveBeenCalledTimes(1);
    const [orderId, tap] = dispatch.crewTap.mock.calls[0]!;
    expect(orderId).toBe('order-1');
    expect(tap).toMatchObject({ status: 'on_the_way' });
    expect(tap.tapId).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    expect(Number.isNaN(Date.parse(tap.tappedAt))).toBe(false);
    expect(within(cardOf('AF-20261202-101')).getByText('الفريق في الطريق إليك')).toBeVisible();
    expect(localStorage.getItem(tapQueueKey('crew-maadi'))).toBeNull();
  });

  it('delivery asks the receiver’s name, a signature and the cash, with translated errors', async () => {
    const context = new Proxy(
      {},
      { get: (_t, key) => (key === 'then' ? undefined : () => {}), set: () => true },
    );
    const getContext = vi
      .spyOn(HTMLCanvasElement.prototype, 'getContext')
      .mockImplementation(() => context as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(PNG);
    const dispatch = fakeDispatch(crewJobs([tomorrow]));
    const { user } = renderWithProviders(<CrewPage SignIn={noSignIn} refreshMs={0} />, {
      route: '/crew',
      port: await leaderPort(dispatch),
    });
    await user.click(await screen.findByRole('button', { name: 'تم التسليم' }));
    const dialog = screen.getByRole('alertdialog', { name: crewAr.delivery.title });
    const cash = within(dialog).getByLabelText(crewAr.delivery.cash);
    // The amount due, filled in, in the reader's digits.
    expect(cash).toHaveValue('٢٣٠٠');

    await user.clear(cash);
    await user.type(cash, 'كتير');
    await user.click(within(dialog).getByRole('button', { name: crewAr.delivery.confirm }));
    expect(await within(dialog).findByText(validationAr.field.receivedBy)).toBeVisible();
    expect(within(dialog).getByText(validationAr.field.signature)).toBeVisible();
    expect(within(dialog).getByText(validationAr.field.cash)).toBeVisible();
    expect(within(dialog).getByLabelText(crewAr.delivery.receivedBy)).toHaveFocus();
    expect(dispatch.crewTap).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText(crewAr.delivery.receivedBy), 'منى عادل');
    await waitFor(() => expect(getContext).toHaveBeenCalled());
    const pad = within(dialog).getByRole('img', { name: crewAr.delivery.signature });
    fireEvent.pointerDown(pad, { buttons: 1, pointerId: 1, clientX: 10, clientY: 10 });
    fireEvent.pointerMove(window, { buttons: 1, pointerId: 1, clientX: 60, clientY: 40 });
    fireEvent.pointerUp(window, { buttons: 0, pointerId: 1, clientX: 60, clientY: 40 });
    await user.clear(cash);
    await user.type(cash, '١٬٥٠٠');
    await user.click(within(dialog).getByRole('button', { name: crewAr.delivery.confirm }));

    await waitFor(() => expect(dispatch.crewTap).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const [, tap] = dispatch.crewTap.mock.calls[0]!;
    expect(tap).toMatchObject({
      status: 'delivered',
      proof: { receivedBy: 'منى عادل', signature: PNG, photo: null },
      cashCollected: 1500,
    });
    expect(await within(cardOf('AF-20261203-103')).findByText(crewAr.job.done)).toBeVisible();
  });

  it('offline, a tap waits in the queue, moves the card on, and is sent when the phone is back online', async () => {
    const dispatch = fakeDispatch(crewJobs([today]));
    const { user } = renderWithProviders(<CrewPage SignIn={noSignIn} refreshMs={0} />, {
      route: '/crew',
      port: await leaderPort(dispatch),
    });
    const setOff = await screen.findByRole('button', { name: 'انطلقنا' });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(await screen.findByText(crewAr.sync.offline)).toBeVisible();

    await user.click(setOff);
    const card = cardOf('AF-20261202-101');
    expect(await within(card).findByText(crewAr.job.waiting)).toBeVisible();
    expect(within(card).getByRole('button', { name: 'وصلنا' })).toBeVisible();
    expect(screen.getByText(crewAr.sync.waiting_one)).toBeVisible();
    expect(dispatch.crewTap).not.toHaveBeenCalled();
    const kept = JSON.parse(localStorage.getItem(tapQueueKey('crew-maadi'))!) as {
      tap: CrewTap;
    }[];
    expect(kept.map((entry) => entry.tap.status)).toEqual(['on_the_way']);

    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(within(card).queryByText(crewAr.job.waiting)).toBeNull());
    expect(dispatch.crewTap).toHaveBeenCalledTimes(1);
    expect(dispatch.crewTap.mock.calls[0]![1].tapId).toBe(kept[0]!.tap.tapId);
    expect(localStorage.getItem(tapQueueKey('crew-maadi'))).toBeNull();
  });

  it('a tap whose request fails on the network waits, and "send now" sends the same tap again', async () => {
    const dispatch = fakeDispatch(crewJobs([today]));
    dispatch.crewTap.mockRejectedValueOnce(new DataError('unavailable', 'errors:unavailable'));
    const { user } = renderWithProviders(<CrewPage SignIn={noSignIn} refreshMs={0} />, {
      route: '/crew',
      port: await leaderPort(dispatch),
    });
    await user.click(await screen.findByRole('button', { name: 'انطلقنا' }));
    const card = cardOf('AF-20261202-101');
    expect(await within(card).findByText(crewAr.job.waiting)).toBeVisible();
    expect(screen.getByText(crewAr.sync.offline)).toBeVisible();
    await user.click(screen.getByRole('button', { name: crewAr.sync.retry }));
    await waitFor(() => expect(within(card).queryByText(crewAr.job.waiting)).toBeNull());
    const [first, second] = dispatch.crewTap.mock.calls;
    expect(second![1].tapId).toBe(first![1].tapId);
  });

  it('a tap the job is already past is dropped, says so, and the card shows the real status', async () => {
    const dispatch = fakeDispatch(crewJobs([today]));
    dispatch.crewTap.mockImplementationOnce(async () => {
      // The office moved the job on meanwhile.
      dispatch.set(crewJobs([{ ...today, status: 'arrived', next: ['loading'] }]));
      throw new DataError('failed-precondition', FIELD_MESSAGES.alreadyPast, {
        fields: { status: FIELD_MESSAGES.alreadyPast },
      });
    });
    const { user } = renderWithProviders(<CrewPage SignIn={noSignIn} refreshMs={0} />, {
      route: '/crew',
      port: await leaderPort(dispatch),
    });
    await user.click(await screen.findByRole('button', { name: 'انطلقنا' }));
    const card = cardOf('AF-20261202-101');
    expect(await within(card).findByRole('alert')).toHaveTextContent(errorsAr.field.alreadyPast);
    expect(await within(card).findByRole('button', { name: 'بدأ التحميل' })).toBeVisible();
    expect(within(card).getByText('وصل الفريق')).toBeVisible();
    expect(localStorage.getItem(tapQueueKey('crew-maadi'))).toBeNull();
  });

  it('shows the kept list with its time when the network fails, and reloads when seen again', async () => {
    saveCachedJobs(localStorage, {
      savedAt: '2026-12-02T06:30:00.000Z',
      answer: crewJobs([today]),
    });
    const dispatch = fakeDispatch(crewJobs([today, later]));
    dispatch.crewJobs.mockRejectedValueOnce(new DataError('unavailable', 'errors:unavailable'));
    renderWithProviders(<CrewPage SignIn={noSignIn} refreshMs={0} />, {
      route: '/crew',
      port: await leaderPort(dispatch),
    });
    expect(await screen.findByText(crewAr.sync.offline)).toBeVisible();
    expect(screen.getByText(/آخر تحديث:.*٨:٣٠/)).toBeVisible();
    expect(screen.getAllByRole('article')).toHaveLength(1);

    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(screen.queryByText(crewAr.sync.offline)).toBeNull();
  });

  it('a number that is no team leader’s is told so, and can sign out', async () => {
    const dispatch = fakeDispatch(crewJobs([]));
    dispatch.crewJobs.mockRejectedValue(new DataError('permission-denied', FIELD_MESSAGES.notCrew));
    const { user } = renderWithProviders(<CrewPage SignIn={noSignIn} refreshMs={0} />, {
      route: '/crew',
      port: await leaderPort(dispatch),
    });
    const denied = await screen.findByRole('alert');
    expect(denied).toHaveTextContent(errorsAr.field.notCrew);
    await user.click(within(denied).getByRole('button', { name: crewAr.signOut }));
    expect(await screen.findByText('sign-in form')).toBeVisible();
  });
});

describe('the crew’s phone, in English', () => {
  it('lists the jobs in English with Latin digits, and takes a photo instead of a signature', async () => {
    const toDataURL = vi
      .spyOn(HTMLCanvasElement.prototype, 'toDataURL')
      .mockReturnValue('data:image/jpeg;base64,/9j/4AAQ');
    // jsdom decodes no pictures: a 4000 × 3000 camera photo, as the browser would decode it.
    const drawn: { width: number; height: number }[] = [];
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (
      this: HTMLCanvasElement,
    ) {
      const { width, height } = this;
      return {
        scale() {},
        drawImage() {
          drawn.push({ width, height });
        },
      } as unknown as CanvasRenderingContext2D;
    });
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => ({ width: 4000, height: 3000, close() {} })),
    );
    const dispatch = fakeDispatch(crewJobs([tomorrow]));
    const { user } = renderWithProviders(<CrewPage SignIn={noSignIn} refreshMs={0} />, {
      language: 'en',
      route: '/crew',
      port: await leaderPort(dispatch),
    });
    expect(await screen.findByRole('region', { name: /^Tomorrow/ })).toBeVisible();
    const card = cardOf('AF-20261203-103');
    expect(within(card).getByText('Collect cash: EGP 2,300')).toBeVisible();
    expect(within(card).getByText(/Maadi, Cairo · Floor 3/)).toBeVisible();
    expect(within(card).getByText('4 workers')).toBeVisible();
    await user.click(within(card).getByRole('button', { name: crewEn.action.delivered }));
    const dialog = screen.getByRole('alertdialog', { name: crewEn.delivery.title });
    await user.type(within(dialog).getByLabelText(crewEn.delivery.receivedBy), 'Mona Adel');
    await user.upload(
      within(dialog).getByLabelText(crewEn.delivery.photo),
      new File(['jpeg'], 'delivery.jpg', { type: 'image/jpeg' }),
    );
    expect(
      await within(dialog).findByRole('img', { name: crewEn.delivery.photoTaken }),
    ).toBeVisible();
    expect(drawn.at(-1)).toEqual({ width: 1280, height: 960 });
    expect(toDataURL).toHaveBeenLastCalledWith('image/jpeg', 0.7);
    await user.click(within(dialog).getByRole('button', { name: crewEn.delivery.confirm }));
    await waitFor(() => expect(dispatch.crewTap).toHaveBeenCalledTimes(1));
    expect(dispatch.crewTap.mock.calls[0]![1]).toMatchObject({
      proof: { receivedBy: 'Mona Adel', signature: null, photo: 'data:image/jpeg;base64,/9j/4AAQ' },
      cashCollected: 2300,
    });
  });
});
