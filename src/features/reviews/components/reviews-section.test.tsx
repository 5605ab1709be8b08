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

async function openDialog(user: ReturnType<typeof renderSection>['user'], language: Language) {
  await user.click(screen.getByRole('button', { name: bundles[language].reviews.dialog.open }));
  return screen.getByRole('dialog', { name: bundles[language].reviews.dialog.title });
}

async function writeReview(
  user: ReturnType<typeof renderSection>['user'],
  language: Language,
  { name, text, stars }: { name: string; text: string; stars?: number },
) {
  const d = bundles[language].reviews.dialog;
  const dialog = await openDialog(user, language);
  if (name) await user.type(within(dialog).getByLabelText(d.name), name);
  if (text) await user.type(within(dialog).getByLabelText(d.text), text);
  if (stars) await user.click(within(dialog).getAllByRole('radio')[stars - 1]!);
  await user.click(within(dialog).getByRole('button', { name: d.submit }));
  return dialog;
}

describe('ReviewsSection', () => {
  it.each(['en', 'ar'] as const)(
    '(%s) shows the three marked samples only while none exist',
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

      const other = backend.client();
      await other.auth.ensureSession();
      await act(async () => {
        await other.reviews.add({ name: 'Hoda', review: 'Excellent crew', rating: 4 });
      });
      expect(await screen.findByText('Excellent crew')).toBeInTheDocument();
      expect(screen.queryByText(b.samples['1'].text)).not.toBeInTheDocument();
      expect(screen.queryByText(b.sample)).not.toBeInTheDocument();
    },
  );

  it('shows the average (one decimal) and the count of real reviews, newest first', async () => {
    const backend = new MemoryBackend({ now: '2025-03-01T10:00:00Z' });
    for (const [i, rating] of [5, 4, 4].entries()) {
      const c = backend.client();
      await c.auth.ensureSession();
      await c.reviews.add({ name: `Customer ${i + 1}`, review: `Text ${i + 1}`, rating });
      backend.advanceTime(1000);
    }
    renderSection('en', backend);
    expect(await screen.findByText('4.3 out of 5')).toBeInTheDocument();
    expect(screen.getByText('Based on 3 reviews')).toBeInTheDocument();
    const slide = screen.getByRole('group', { name: 'Review 1 of 3' });
    expect(slide).toHaveTextContent('Customer 3');
  });

  it('Arabic: average and count in Arabic-Indic digits with the right plural', async () => {
    const backend = new MemoryBackend();
    for (const rating of [5, 4]) {
      const c = backend.client();
      await c.auth.ensureSession();
      await c.reviews.add({ name: 'هدى', review: 'خدمة ممتازة', rating });
    }
    renderSection('ar', backend);
    expect(await screen.findByText('٤٫٥ من ٥')).toBeInTheDocument();
    expect(screen.getByText('بناءً على تقييمين')).toBeInTheDocument();
  });

  it.each(['en', 'ar'] as const)(
    '(%s) the dialog says what is wrong and saves nothing',
    async (language) => {
      const { user, backend } = renderSection(language);
      const v = bundles[language].validation.review;
      const dialog = await writeReview(user, language, { name: '', text: '' });
      expect(within(dialog).getByText(v.nameLength)).toBeInTheDocument();
      expect(within(dialog).getByText(v.textLength)).toBeInTheDocument();
      expect(within(dialog).getByLabelText(bundles[language].reviews.dialog.name)).toHaveFocus();
      // One character after trimming is still too short.
      await user.type(
        within(dialog).getByLabelText(bundles[language].reviews.dialog.name),
        '  A  ',
      );
      await user.click(
        within(dialog).getByRole('button', { name: bundles[language].reviews.dialog.submit }),
      );
      expect(within(dialog).getByText(v.nameLength)).toBeInTheDocument();
      expect(backend.reviews).toHaveLength(0);
    },
  );

  it('rejects a name over 60 and a text over 600 characters', async () => {
    const { user, backend } = renderSection('en');
    const dialog = await openDialog(user, 'en');
    fireEvent.change(within(dialog).getByLabelText(en.dialog.name), {
      target: { value: 'x'.repeat(61) },
    });
    fireEvent.change(within(dialog).getByLabelText(en.dialog.text), {
      target: { value: 'y'.repeat(601) },
    });
    expect(within(dialog).getByText('601 of 600 characters')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: en.dialog.submit }));
    expect(within(dialog).getByText(validationEn.review.nameLength)).toBeInTheDocument();
    expect(within(dialog).getByText(validationEn.review.textLength)).toBeInTheDocument();
    expect(backend.reviews).toHaveLength(0);
  });

  it('posts a review with the chosen stars; it appears first', async () => {
    const { user, backend } = renderSection('en');
    await screen.findByText(en.summary.samples);
    const dialog = await writeReview(user, 'en', {
      name: '  Sara  ',
      text: 'Careful and quick',
      stars: 4,
    });
    expect(await within(dialog).findByText(en.dialog.thanks)).toBeInTheDocument();
    expect(backend.reviews).toHaveLength(1);
    expect(backend.reviews[0]!.review).toMatchObject({
      name: 'Sara',
      review: 'Careful and quick',
      rating: 4,
    });
    expect(localStorage.getItem(LAST_REVIEW_KEY)).not.toBeNull();
    await user.click(within(dialog).getByRole('button', { name: en.dialog.done }));
    expect(await screen.findByText('Based on 1 review')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Review 1 of 1' })).toHaveTextContent(
      'Careful and quick',
    );
  });

  it('the honeypot: a filled trap shows the thank-you and stores nothing', async () => {
    const { user, backend } = renderSection('en');
    const dialog = await openDialog(user, 'en');
    await user.type(within(dialog).getByLabelText(en.dialog.name), 'Bot');
    await user.type(within(dialog).getByLabelText(en.dialog.text), 'Buy cheap things');
    const trap = within(dialog).getByLabelText(en.dialog.honeypot);
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap).toHaveAttribute('autocomplete', 'off');
    (trap as HTMLInputElement).value = 'https://spam.example';
    await user.click(within(dialog).getByRole('button', { name: en.dialog.submit }));
    expect(await within(dialog).findByText(en.dialog.thanks)).toBeInTheDocument();
    expect(backend.reviews).toHaveLength(0);
  });

  it.each(['en', 'ar'] as const)(
    '(%s) a second review within 60 s shows the wait message',
    async (language) => {
      const { user, backend } = renderSection(language);
      const d = bundles[language].reviews.dialog;
      let dialog = await writeReview(user, language, { name: 'Sara', text: 'First one' });
      await within(dialog).findByText(d.thanks);
      await user.click(within(dialog).getByRole('button', { name: d.done }));
      dialog = await writeReview(user, language, { name: 'Sara', text: 'Second one' });
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        bundles[language].errors.review.cooldown,
      );
      expect(backend.reviews).toHaveLength(1);
    },
  );

  it('the server’s minute counts too (another tab posted)', async () => {
    const backend = new MemoryBackend();
    const port = backend.client();
    await port.auth.ensureSession();
    await port.reviews.add({ name: 'Sara', review: 'From another tab', rating: 5 });
    const { user } = renderSection('en', backend, port);
    const dialog = await writeReview(user, 'en', { name: 'Sara', text: 'Again' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(errorsEn.review.cooldown);
    expect(backend.reviews).toHaveLength(1);
  });

  it('resets on close (Escape) and gives focus back to the button', async () => {
    const { user } = renderSection('en');
    let dialog = await writeReview(user, 'en', { name: 'S', text: '' });
    expect(within(dialog).getByText(validationEn.review.nameLength)).toBeInTheDocument();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const opener = screen.getByRole('button', { name: en.dialog.open });
    expect(opener).toHaveFocus();
    dialog = await openDialog(user, 'en');
    expect(within(dialog).getByLabelText(en.dialog.name)).toHaveValue('');
    expect(within(dialog).queryByText(validationEn.review.nameLength)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: '5 stars' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: en.dialog.close }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['en', 'Visitor', 'Rated 4 stars'],
    ['ar', 'زائر', 'تقييم بـ٤ نجوم'],
  ] as const)('(%s) quick rating posts a review by "%s"', async (language, name, text) => {
    const { user, backend } = renderSection(language);
    const label = language === 'en' ? 'Rate 4 out of 5' : 'قيّم بـ٤ من ٥';
    await user.click(screen.getByRole('button', { name: label }));
    expect(await screen.findByText(bundles[language].reviews.quick.thanks)).toBeInTheDocument();
    expect(backend.reviews[0]!.review).toMatchObject({ name, review: text, rating: 4 });
    await user.click(screen.getByRole('button', { name: label }));
    expect(await screen.findByText(bundles[language].errors.review.cooldown)).toBeInTheDocument();
    expect(backend.reviews).toHaveLength(1);
  });
});

describe('ReviewsPage', () => {
  it('lists every review newest first with the average and the dialog', async () => {
    const backend = new MemoryBackend({ now: '2025-03-01T10:00:00Z' });
    for (const i of [1, 2, 3, 4]) {
      const c = backend.client();
      await c.auth.ensureSession();
      await c.reviews.add({ name: `Customer ${i}`, review: `Text ${i}`, rating: 5 });
      backend.advanceTime(1000);
    }
    renderWithProviders(<ReviewsPage />, { language: 'en', port: backend.client() });
    expect(screen.getByRole('heading', { level: 1, name: en.page.title })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: en.page.listLabel });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByText(/^Customer/).textContent)).toEqual([
      'Customer 4',
      'Customer 3',
      'Customer 2',
      'Customer 1',
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
