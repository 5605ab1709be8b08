import { beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { MemoryBackend } from '../../../testing/memory-adapter';
import type { DataPort } from '../../../data/port';
import ar from '../../../../locales/ar/reviews.json';
import en from '../../../../locales/en/reviews.json';
import errorsAr from '../../../../locales/ar/errors.json';
import errorsEn from '../../../../locales/en/errors.json';
import validationAr from '../../../../locales/ar/validation.json';
import validationEn from '../../../../locales/en/validation.json';
import commonAr from '../../../../locales/ar/common.json';
import commonEn from '../../../../locales/en/common.json';
import { formatDate } from '../../../domain/datetime';
import type { OrderStatus } from '../../../domain/status';
import { teamClient } from '../../../testing/order-fixtures';
import { customerWithOrder, publishedReview } from '../../../testing/review-fixtures';
import { LAST_REVIEW_KEY } from '../review-cooldown';
import { ReviewsPage } from './reviews-page';
import { ReviewsSection } from './reviews-section';

const bundles = {
  en: { reviews: en, common: commonEn, errors: errorsEn, validation: validationEn },
  ar: { reviews: ar, common: commonAr, errors: errorsAr, validation: validationAr },
} as const;
type Language = keyof typeof bundles;

// jsdom has <dialog> but not its modal methods; these behave as the browser's do for our needs.
beforeAll(() => {
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & Record<string, unknown>;
  proto.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close ??= function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

function renderSection(language: Language = 'en', backend = new MemoryBackend(), port?: DataPort) {
  const client = port ?? backend.client();
  const result = renderWithProviders(<ReviewsSection />, { language, port: client });
  return { ...result, backend, port: client };
}

/** Renders the section for a customer with an order the team moved on to `status`. */
async function renderForCustomer(
  language: Language = 'en',
  {
    status = 'delivered',
    backend = new MemoryBackend(),
    fullName = 'Sara Adel',
  }: {
    status?: OrderStatus;
    backend?: MemoryBackend;
    fullName?: string;
  } = {},
) {
  const { client, order } = await customerWithOrder(backend, status, { fullName });
  return { ...renderSection(language, backend, client), order };
}

async function openDialog(user: ReturnType<typeof renderSection>['user'], language: Language) {
  await user.click(screen.getByRole('button', { name: bundles[language].reviews.dialog.open }));
  return screen.getByRole('dialog', { name: bundles[language].reviews.dialog.title });
}

const starsLabel = (language: Language, n: number) =>
  language === 'en'
    ? `${n} star${n === 1 ? '' : 's'}`
    : ['', 'نجمة واحدة', 'نجمتان', '٣ نجوم', '٤ نجوم', '٥ نجوم'][n]!;

async function writeReview(
  user: ReturnType<typeof renderSection>['user'],
  language: Language,
  { text, stars }: { text: string; stars?: number },
) {
  const d = bundles[language].reviews.dialog;
  const dialog = await openDialog(user, language);
  await within(dialog).findByLabelText(d.text);
  if (text) await user.type(within(dialog).getByLabelText(d.text), text);
  if (stars)
    await user.click(within(dialog).getByRole('radio', { name: starsLabel(language, stars) }));
  await user.click(within(dialog).getByRole('button', { name: d.submit }));
  return dialog;
}

describe('ReviewsSection', () => {
  it.each(['en', 'ar'] as const)(
    '(%s) shows the three marked samples only while no review is public',
    async (language) => {
      const { backend } = renderSection(language);
      const b = bundles[language].reviews;
      expect(await screen.findByText(b.summary.samples)).toBeInTheDocument();
      expect(
        screen.getByRole('heading', {
          level: 2,
          name: bundles[language].common.reviewsSection.title,
        }),
      ).toBeInTheDocument();
      expect(screen.getByText(b.samples['1'].text)).toBeInTheDocument();
      expect(screen.getAllByText(b.sample).length).toBeGreaterThan(0);
      expect(
        screen.getByRole('button', {
          name: b.carousel.position
            .replace('{{index}}', language === 'ar' ? '٣' : '3')
            .replace('{{total}}', language === 'ar' ? '٣' : '3'),
        }),
      ).toBeInTheDocument();

      await act(async () => {
        await publishedReview(backend, {
          fullName: 'Hoda Omar',
          review: 'Excellent crew',
          rating: 4,
        });
      });
      expect(await screen.findByText('Excellent crew')).toBeInTheDocument();
      expect(screen.getByText('Hoda')).toBeInTheDocument();
      expect(screen.queryByText(b.samples['1'].text)).not.toBeInTheDocument();
      expect(screen.queryByText(b.sample)).not.toBeInTheDocument();
    },
  );

  it('shows the average (one decimal) and the count of public reviews, newest first', async () => {
    const backend = new MemoryBackend({ now: '2025-03-01T10:00:00Z' });
    for (const [i, rating] of [5, 4, 4].entries()) {
      await publishedReview(backend, {
        fullName: `Customer${i + 1} X`,
        review: `Text ${i + 1}`,
        rating,
      });
      backend.advanceTime(61_000);
    }
    // Held for approval: not public, not counted.
    const { client, order } = await customerWithOrder(backend);
    await client.reviews.add({ orderId: order.id, review: 'Waiting', rating: 1 });
    renderSection('en', backend);
    expect(await screen.findByText('4.3 out of 5')).toBeInTheDocument();
    expect(screen.getByText('Based on 3 reviews')).toBeInTheDocument();
    const slide = screen.getByRole('group', { name: 'Review 1 of 3' });
    expect(slide).toHaveTextContent('Customer3');
    expect(screen.queryByText('Waiting')).not.toBeInTheDocument();
  });

  it('Arabic: average and count in Arabic-Indic digits with the right plural', async () => {
    const backend = new MemoryBackend();
    for (const rating of [5, 4]) {
      await publishedReview(backend, { fullName: 'هدى علي', review: 'خدمة ممتازة', rating });
    }
    renderSection('ar', backend);
    expect(await screen.findByText('٤٫٥ من ٥')).toBeInTheDocument();
    expect(screen.getByText('بناءً على تقييمين')).toBeInTheDocument();
  });

  it.each(['en', 'ar'] as const)(
    '(%s) a visitor without an order: the button explains reviews come from customers, with a link to book and to sign in',
    async (language) => {
      const { user } = renderSection(language);
      const d = bundles[language].reviews.dialog;
      const dialog = await openDialog(user, language);
      expect(await within(dialog).findByText(d.noOrder.text)).toBeInTheDocument();
      expect(within(dialog).getByRole('link', { name: d.noOrder.book })).toHaveAttribute(
        'href',
        '/select-city',
      );
      expect(within(dialog).getByRole('link', { name: d.noOrder.signIn })).toHaveAttribute(
        'href',
        '/login',
      );
      expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
      expect(within(dialog).queryByLabelText(d.text)).not.toBeInTheDocument();
      // And no quick rating: there is no move of theirs to rate.
      expect(screen.queryByRole('button', { name: /^Rate \d out of 5$|^قيّم/ })).toBeNull();
    },
  );

  it('a signed-up customer whose move is not confirmed yet: no form, a link to their orders', async () => {
    const backend = new MemoryBackend();
    const client = backend.client();
    await client.auth.signUp({ email: 'sara@example.com', password: 'Moving-day-2026' });
    await customerWithOrder(backend, 'received', {}, client);
    const { user } = renderSection('en', backend, client);
    const dialog = await openDialog(user, 'en');
    expect(await within(dialog).findByText(en.dialog.noOrder.text)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: en.dialog.noOrder.myOrders })).toHaveAttribute(
      'href',
      '/my-orders',
    );
    expect(screen.queryByRole('group', { name: /Rate it in one tap/ })).toBeNull();
  });

  it.each(['en', 'ar'] as const)(
    '(%s) the dialog starts with no stars chosen; sending without a rating is a field error',
    async (language) => {
      const { user, backend } = await renderForCustomer(language);
      const v = bundles[language].validation.review;
      const d = bundles[language].reviews.dialog;
      const dialog = await openDialog(user, language);
      await within(dialog).findByLabelText(d.text);
      for (const radio of within(dialog).getAllByRole('radio')) expect(radio).not.toBeChecked();
      await user.type(within(dialog).getByLabelText(d.text), 'Careful and quick');
      await user.click(within(dialog).getByRole('button', { name: d.submit }));
      expect(within(dialog).getByText(v.rating)).toBeInTheDocument();
      expect(within(dialog).getByRole('group', { name: d.rating })).toHaveAccessibleDescription(
        v.rating,
      );
      expect(within(dialog).getByRole('radio', { name: starsLabel(language, 1) })).toHaveFocus();
      expect(backend.reviews).toHaveLength(0);
    },
  );

  it('an empty text is refused too, and nothing is saved', async () => {
    const { user, backend } = await renderForCustomer('en');
    const dialog = await writeReview(user, 'en', { text: '', stars: 3 });
    expect(within(dialog).getByText(validationEn.review.textLength)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(en.dialog.text)).toHaveFocus();
    expect(backend.reviews).toHaveLength(0);
  });

  it('rejects a text over 600 characters', async () => {
    const { user, backend } = await renderForCustomer('en');
    const dialog = await openDialog(user, 'en');
    fireEvent.change(await within(dialog).findByLabelText(en.dialog.text), {
      target: { value: 'y'.repeat(601) },
    });
    expect(within(dialog).getByText('601 of 600 characters')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: '4 stars' }));
    await user.click(within(dialog).getByRole('button', { name: en.dialog.submit }));
    expect(within(dialog).getByText(validationEn.review.textLength)).toBeInTheDocument();
    expect(backend.reviews).toHaveLength(0);
  });

  it('says which move is reviewed and under which name; held by default, it says the team will read it', async () => {
    const { user, backend, order } = await renderForCustomer('en', { fullName: 'Sara Adel Fahmy' });
    const dialog = await openDialog(user, 'en');
    const which = await within(dialog).findByText(/You are reviewing your move on/);
    expect(which).toHaveTextContent(order.orderNumber);
    expect(within(which).getByText(order.orderNumber)).toHaveClass('ltr-value');
    expect(within(dialog).getByText(/shown under your first name/)).toHaveTextContent(
      'Your review will be shown under your first name: Sara.',
    );
    await user.type(within(dialog).getByLabelText(en.dialog.text), 'Careful and quick');
    await user.click(within(dialog).getByRole('radio', { name: '4 stars' }));
    await user.click(within(dialog).getByRole('button', { name: en.dialog.submit }));
    expect(await within(dialog).findByText(en.sent.held)).toBeInTheDocument();
    expect(backend.reviews).toHaveLength(1);
    expect(backend.reviews[0]).toMatchObject({
      state: 'pending',
      orderId: order.id,
      review: { name: 'Sara', review: 'Careful and quick', rating: 4 },
    });
    expect(localStorage.getItem(LAST_REVIEW_KEY)).not.toBeNull();
    await user.click(within(dialog).getByRole('button', { name: en.dialog.done }));
    // Not public yet: the samples stay.
    expect(screen.getByText(en.summary.samples)).toBeInTheDocument();
    // The move is reviewed: the button now explains instead.
    const again = await openDialog(user, 'en');
    expect(await within(again).findByText(en.dialog.noOrder.text)).toBeInTheDocument();
  });

  it.each<[OrderStatus, keyof typeof en.sent, boolean]>([
    ['delivered', 'published', true],
    ['in_transit', 'afterDelivery', false],
  ])(
    'published at once by the team’s setting: a %s move’s review says %s',
    async (status, message, appears) => {
      const backend = new MemoryBackend();
      await (await teamClient(backend)).reviews.saveSettings({ publishAtOnce: true });
      const { user } = await renderForCustomer('en', { status, backend });
      const dialog = await writeReview(user, 'en', { text: 'Careful and quick', stars: 5 });
      expect(await within(dialog).findByText(en.sent[message])).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: en.dialog.done }));
      if (appears) {
        expect(await screen.findByText('Based on 1 review')).toBeInTheDocument();
        expect(screen.getByRole('group', { name: 'Review 1 of 1' })).toHaveTextContent(
          'Careful and quick',
        );
      } else {
        expect(screen.getByText(en.summary.samples)).toBeInTheDocument();
      }
    },
  );

  it('Arabic: the message says the team will read it first', async () => {
    const { user } = await renderForCustomer('ar', { fullName: 'سارة عادل' });
    const dialog = await openDialog(user, 'ar');
    expect(await within(dialog).findByText(/سيظهر تقييمك باسمك الأول/)).toHaveTextContent('سارة');
    await user.type(within(dialog).getByLabelText(ar.dialog.text), 'فريق محترم');
    await user.click(within(dialog).getByRole('radio', { name: '٤ نجوم' }));
    await user.click(within(dialog).getByRole('button', { name: ar.dialog.submit }));
    expect(await within(dialog).findByText(ar.sent.held)).toBeInTheDocument();
  });

  it('with several moves to review, the customer chooses which (the newest first)', async () => {
    const backend = new MemoryBackend();
    const { client, order: older } = await customerWithOrder(backend);
    backend.advanceTime(1000);
    const { order: newer } = await customerWithOrder(backend, 'in_transit', {}, client);
    const { user } = renderSection('en', backend, client);
    const dialog = await openDialog(user, 'en');
    const choice = await within(dialog).findByRole('group', { name: en.dialog.order });
    const options = within(choice).getAllByRole('radio');
    expect(options.map((o) => (o as HTMLInputElement).value)).toEqual([newer.id, older.id]);
    expect(options[0]).toBeChecked();
    await user.click(options[1]!);
    await user.type(within(dialog).getByLabelText(en.dialog.text), 'The older move');
    await user.click(within(dialog).getByRole('radio', { name: '5 stars' }));
    await user.click(within(dialog).getByRole('button', { name: en.dialog.submit }));
    await within(dialog).findByText(en.sent.held);
    expect(backend.reviews[0]?.orderId).toBe(older.id);
  });

  it('the honeypot: a filled trap shows the thank-you and stores nothing', async () => {
    const { user, backend } = await renderForCustomer('en');
    const dialog = await openDialog(user, 'en');
    await user.type(await within(dialog).findByLabelText(en.dialog.text), 'Buy cheap things');
    await user.click(within(dialog).getByRole('radio', { name: '5 stars' }));
    const trap = within(dialog).getByLabelText(en.dialog.honeypot);
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap).toHaveAttribute('autocomplete', 'off');
    (trap as HTMLInputElement).value = 'https://spam.example';
    await user.click(within(dialog).getByRole('button', { name: en.dialog.submit }));
    expect(await within(dialog).findByText(en.sent.held)).toBeInTheDocument();
    expect(backend.reviews).toHaveLength(0);
  });

  it.each(['en', 'ar'] as const)(
    '(%s) a second review within 60 s shows the wait message',
    async (language) => {
      const backend = new MemoryBackend();
      const { client } = await customerWithOrder(backend);
      await customerWithOrder(backend, 'delivered', {}, client);
      const { user } = renderSection(language, backend, client);
      const d = bundles[language].reviews.dialog;
      let dialog = await writeReview(user, language, { text: 'First one', stars: 5 });
      await within(dialog).findByText(bundles[language].reviews.sent.held);
      await user.click(within(dialog).getByRole('button', { name: d.done }));
      dialog = await writeReview(user, language, { text: 'Second one', stars: 4 });
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        bundles[language].errors.review.cooldown,
      );
      expect(backend.reviews).toHaveLength(1);
    },
  );

  it('the server’s minute counts too (another tab posted)', async () => {
    const backend = new MemoryBackend();
    const { client, order } = await customerWithOrder(backend);
    await customerWithOrder(backend, 'delivered', {}, client);
    await client.reviews.add({ orderId: order.id, review: 'From another tab', rating: 5 });
    const { user } = renderSection('en', backend, client);
    const dialog = await writeReview(user, 'en', { text: 'Again', stars: 2 });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(errorsEn.review.cooldown);
    expect(backend.reviews).toHaveLength(1);
  });

  it('resets on close (Escape), gives focus back to the button, and no star is chosen again', async () => {
    const { user } = await renderForCustomer('en');
    let dialog = await writeReview(user, 'en', { text: '', stars: 5 });
    expect(within(dialog).getByText(validationEn.review.textLength)).toBeInTheDocument();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const opener = screen.getByRole('button', { name: en.dialog.open });
    expect(opener).toHaveFocus();
    dialog = await openDialog(user, 'en');
    expect(await within(dialog).findByLabelText(en.dialog.text)).toHaveValue('');
    expect(within(dialog).queryByText(validationEn.review.textLength)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: '5 stars' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: en.dialog.close }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['en', 'Rated 4 stars', 'Rate 4 out of 5'],
    ['ar', 'تقييم بـ٤ نجوم', 'قيّم بـ٤ من ٥'],
  ] as const)(
    '(%s) the quick rating rates the customer’s own latest move, named by number and date',
    async (language, text, label) => {
      const { backend, order, user } = await renderForCustomer(language, {
        fullName: 'Mona Hassan',
      });
      const stars = await screen.findByRole('group', {
        name: new RegExp(order.orderNumber),
      });
      const title = screen.getByText(order.orderNumber).closest('p')!;
      expect(title).toHaveTextContent(formatDate(order.moveDate, language));
      await user.click(within(stars).getByRole('button', { name: label }));
      expect(await screen.findByText(bundles[language].reviews.sent.held)).toBeInTheDocument();
      expect(backend.reviews[0]).toMatchObject({
        orderId: order.id,
        review: { name: 'Mona', review: text, rating: 4 },
      });
      // Rated: the stars are gone, the thanks stays.
      expect(screen.queryByRole('button', { name: label })).not.toBeInTheDocument();
    },
  );

  it('the quick rating is not shown for a move not yet confirmed', async () => {
    const { order, user } = await renderForCustomer('en', { status: 'received' });
    // The customer's orders to review are in once the dialog says there is none.
    const dialog = await openDialog(user, 'en');
    await within(dialog).findByText(en.dialog.noOrder.text);
    expect(screen.queryByText(order.orderNumber)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rate 4 out of 5' })).not.toBeInTheDocument();
  });
});

describe('ReviewsPage', () => {
  it('lists every public review newest first with the average and the dialog', async () => {
    const backend = new MemoryBackend({ now: '2025-03-01T10:00:00Z' });
    for (const i of [1, 2, 3, 4]) {
      await publishedReview(backend, {
        fullName: `Customer${i} X`,
        review: `Text ${i}`,
        rating: 5,
      });
      backend.advanceTime(61_000);
    }
    renderWithProviders(<ReviewsPage />, { language: 'en', port: backend.client() });
    expect(screen.getByRole('heading', { level: 1, name: en.page.title })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: en.page.listLabel });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByText(/^Customer/).textContent)).toEqual([
      'Customer4',
      'Customer3',
      'Customer2',
      'Customer1',
    ]);
    expect(screen.getByText('Based on 4 reviews')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: en.dialog.open })).toBeInTheDocument();
  });

  it('shows the samples when there are none', async () => {
    renderWithProviders(<ReviewsPage />, { language: 'ar', port: new MemoryBackend().client() });
    const list = await screen.findByRole('list', { name: ar.page.listLabel });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getAllByText(ar.sample)).toHaveLength(3);
  });
});
