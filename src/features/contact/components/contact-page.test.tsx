import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { DataError } from '../../../data/port';
import { MemoryBackend } from '../../../testing/memory-adapter';
import { renderWithProviders } from '../../../testing/render';
import en from '../../../../locales/en/contact.json';
import ar from '../../../../locales/ar/contact.json';
import enValidation from '../../../../locales/en/validation.json';
import enErrors from '../../../../locales/en/errors.json';
import { ContactPage } from './contact-page';

const ADMIN = { email: 'boss@afsh.example', password: 'Moving-day-2026' };

async function storedMessages(backend: MemoryBackend) {
  backend.createAdmin(ADMIN.email, ADMIN.password);
  const admin = backend.client();
  await admin.auth.signIn(ADMIN);
  return admin.messages.list();
}

function setup(language: 'ar' | 'en' = 'en', state?: unknown) {
  const backend = new MemoryBackend();
  const port = backend.client();
  const rendered = renderWithProviders(<ContactPage />, {
    language,
    route: '/contact',
    state,
    port,
  });
  return { backend, port, ...rendered };
}

const field = (name: string) => screen.getByLabelText(name);

describe('ContactPage', () => {
  it('shows the placeholder without an order number in navigation state', () => {
    setup('en');
    expect(screen.getByRole('heading', { level: 1, name: en.title })).toBeInTheDocument();
    expect(screen.getByText(en.order.placeholder)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /QR/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('ignores navigation state that is not an order number', () => {
    setup('en', { orderNumber: '<script>alert(1)</script>' });
    expect(screen.getByText(en.order.placeholder)).toBeInTheDocument();
  });

  it('shows the carried order number with copy, share and the QR of its tracking link', () => {
    setup('en', { orderNumber: 'AF-20260310-123' });
    const section = screen.getByRole('region', { name: en.order.title });
    expect(within(section).getByText('AF-20260310-123')).toHaveClass('ltr-value');
    expect(within(section).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(
      within(section).getByRole('img', { name: 'QR code for tracking order AF-20260310-123' }),
    ).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: en.order.track })).toHaveAttribute(
      'href',
      '/track/AF-20260310-123',
    );
  });

  it('lists the official contact details with call and WhatsApp links', () => {
    setup('en');
    const details = screen.getByRole('region', { name: en.details.title });
    expect(within(details).getByRole('link', { name: en.details.call })).toHaveAttribute(
      'href',
      expect.stringMatching(/^tel:\+?\d+$/),
    );
    expect(within(details).getByRole('link', { name: en.details.chat })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/wa\.me\/\d+$/),
    );
    expect(within(details).getByText(en.details.hoursValue)).toBeInTheDocument();
  });

  it('requires a name, a message and a way to reply: the pair says so once, and nothing is stored', async () => {
    const { backend, port, user } = setup('en');
    const add = vi.spyOn(port.messages, 'add');
    await user.click(screen.getByRole('button', { name: en.form.submit }));

    expect(await screen.findByText(enValidation.name.required)).toBeInTheDocument();
    expect(screen.getByText(enValidation.message.required)).toBeInTheDocument();
    expect(screen.getAllByText(enValidation.contact.phoneOrEmail)).toHaveLength(1);
    expect(screen.queryByText(enValidation.phone.required)).not.toBeInTheDocument();
    expect(screen.queryByText(enValidation.email.required)).not.toBeInTheDocument();
    expect(field(en.form.name)).toHaveAttribute('aria-invalid', 'true');
    expect(field(en.form.name)).toHaveAccessibleDescription(enValidation.name.required);
    expect(field(en.form.name)).toHaveFocus();
    // Both ways to reply are marked, and each is described by the pair's one message.
    expect(field(en.form.phone)).toHaveAttribute('aria-invalid', 'true');
    expect(field(en.form.phone)).toHaveAccessibleDescription(
      `${enValidation.contact.phoneOrEmail} Egyptian mobile, e.g. 010 1234 5678`,
    );
    expect(field(en.form.email)).toHaveAttribute('aria-invalid', 'true');
    expect(field(en.form.email)).toHaveAccessibleDescription(enValidation.contact.phoneOrEmail);
    expect(field(en.form.email)).toHaveAttribute('type', 'email');
    expect(add).not.toHaveBeenCalled();
    expect(await storedMessages(backend)).toHaveLength(0);
  });

  it('says either way to reply is enough, and marks only name and message required', () => {
    setup('en');
    expect(screen.getByText(en.form.required)).toBeInTheDocument();
    const reach = screen.getByRole('group', { name: en.form.reach });
    expect(reach).toHaveAccessibleDescription(en.form.reachHint);
    expect(within(reach).getByLabelText(en.form.phone)).toBe(field(en.form.phone));
    expect(within(reach).getByLabelText(en.form.email)).toBe(field(en.form.email));
    expect(field(en.form.name)).toBeRequired();
    expect(field(en.form.message)).toBeRequired();
    for (const way of [en.form.phone, en.form.email]) {
      expect(field(way)).not.toBeRequired();
      expect(field(way)).not.toHaveAttribute('aria-required');
    }
  });

  it('with only the way to reply missing, focuses the phone; typing either one clears the pair', async () => {
    const { user } = setup('en');
    await user.type(field(en.form.name), 'Mona');
    await user.type(field(en.form.message), 'When can you come?');
    await user.click(screen.getByRole('button', { name: en.form.submit }));
    expect(await screen.findByText(enValidation.contact.phoneOrEmail)).toBeInTheDocument();
    expect(field(en.form.phone)).toHaveFocus();

    await user.type(field(en.form.email), 'm');
    expect(screen.queryByText(enValidation.contact.phoneOrEmail)).not.toBeInTheDocument();
    expect(field(en.form.phone)).not.toHaveAttribute('aria-invalid');
    expect(field(en.form.email)).not.toHaveAttribute('aria-invalid');
  });

  it('checks the email and phone formats, each on its own field', async () => {
    const { port, user } = setup('en');
    const add = vi.spyOn(port.messages, 'add');
    await user.type(field(en.form.name), 'Mona');
    await user.type(field(en.form.email), 'mona@');
    await user.type(field(en.form.phone), '12345');
    await user.type(field(en.form.message), 'When can you come?');
    await user.click(screen.getByRole('button', { name: en.form.submit }));

    expect(await screen.findByText(enValidation.email.invalid)).toBeInTheDocument();
    expect(screen.getByText(enValidation.phone.invalid)).toBeInTheDocument();
    expect(screen.queryByText(enValidation.contact.phoneOrEmail)).not.toBeInTheDocument();
    expect(field(en.form.phone)).toHaveFocus();
    expect(add).not.toHaveBeenCalled();
    // Typing clears that field's message, and only that one.
    await user.type(field(en.form.email), 'example.com');
    expect(screen.queryByText(enValidation.email.invalid)).not.toBeInTheDocument();
    expect(screen.getByText(enValidation.phone.invalid)).toBeInTheDocument();

    // A wrong phone is refused even beside a right email.
    await user.click(screen.getByRole('button', { name: en.form.submit }));
    expect(await screen.findByText(enValidation.phone.invalid)).toBeInTheDocument();
    expect(add).not.toHaveBeenCalled();
  });

  it('stores a message with only a phone, typed in Arabic-Indic digits, says so and clears the form', async () => {
    const { backend, user } = setup('ar');
    expect(screen.getByText(ar.form.reachHint)).toBeInTheDocument();
    // The example in Arabic digits (drawn in the order typed: .ltr-digits, checked in e2e).
    expect(field(ar.form.phone)).toHaveAccessibleDescription('رقم موبايل مصري، مثل ٠١٠ ١٢٣٤ ٥٦٧٨');
    await user.type(field(ar.form.name), 'منى حسن');
    await user.type(field(ar.form.phone), '٠١٠ ١٢٣٤ ٥٦٧٨');
    await user.type(field(ar.form.message), 'متى يمكنكم الحضور؟');
    await user.click(screen.getByRole('button', { name: ar.form.submit }));

    expect(await screen.findByText(ar.form.success)).toBeInTheDocument();
    expect(field(ar.form.name)).toHaveValue('');
    expect(field(ar.form.phone)).toHaveValue('');
    expect(field(ar.form.message)).toHaveValue('');
    const stored = await storedMessages(backend);
    expect(stored).toEqual([
      {
        id: expect.any(String),
        name: 'منى حسن',
        email: null,
        phone: '01012345678',
        message: 'متى يمكنكم الحضور؟',
        createdAt: expect.any(String),
        // Not handled until an admin marks it (D20).
        handled: null,
      },
    ]);
  });

  it('stores a message with only an email', async () => {
    const { backend, user } = setup('en');
    await user.type(field(en.form.name), 'Mona');
    await user.type(field(en.form.email), ' Mona@Example.com ');
    await user.type(field(en.form.message), 'Do you pack books?');
    await user.click(screen.getByRole('button', { name: en.form.submit }));

    expect(await screen.findByText(en.form.success)).toBeInTheDocument();
    expect(await storedMessages(backend)).toEqual([
      expect.objectContaining({ email: 'mona@example.com', phone: null }),
    ]);
  });

  it('shows the server’s "neither" once for the pair', async () => {
    const { port, user } = setup('en');
    vi.spyOn(port.messages, 'add').mockRejectedValue(
      new DataError('invalid-argument', 'validation:common.invalid', {
        fields: {
          phone: 'validation:contact.phoneOrEmail',
          email: 'validation:contact.phoneOrEmail',
        },
      }),
    );
    await user.type(field(en.form.name), 'Mona');
    await user.type(field(en.form.phone), '01012345678');
    await user.type(field(en.form.message), 'Hello');
    await user.click(screen.getByRole('button', { name: en.form.submit }));

    expect(await screen.findByText(enValidation.contact.phoneOrEmail)).toBeInTheDocument();
    expect(screen.getAllByText(enValidation.contact.phoneOrEmail)).toHaveLength(1);
    expect(field(en.form.phone)).toHaveFocus();
    expect(field(en.form.email)).toHaveAccessibleDescription(enValidation.contact.phoneOrEmail);
  });

  it('keeps what was typed and shows a translated message when sending fails', async () => {
    const { port, user } = setup('en');
    let fail: (e: unknown) => void = () => {};
    vi.spyOn(port.messages, 'add').mockImplementation(
      () =>
        new Promise((_resolve, reject) => {
          fail = reject;
        }),
    );
    await user.type(field(en.form.name), 'Mona');
    await user.type(field(en.form.email), 'mona@example.com');
    await user.type(field(en.form.phone), '01012345678');
    await user.type(field(en.form.message), 'Hello');
    await user.click(screen.getByRole('button', { name: en.form.submit }));

    const sending = screen.getByRole('button', { name: en.form.sending });
    expect(sending).toBeDisabled();
    fail(new DataError('rate-limited', 'errors:rateLimited'));
    expect(await screen.findByRole('alert')).toHaveTextContent(enErrors.rateLimited);
    expect(field(en.form.name)).toHaveValue('Mona');
    expect(field(en.form.message)).toHaveValue('Hello');
    await waitFor(() => expect(screen.getByRole('button', { name: en.form.submit })).toBeEnabled());
  });
});
