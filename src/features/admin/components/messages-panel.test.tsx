import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { MemoryBackend, type MemoryDataPort } from '../../../testing/memory-adapter';
import adminEn from '../../../../locales/en/admin.json';
import adminAr from '../../../../locales/ar/admin.json';
import { adminPort, TEST_ADMIN } from '../testing-orders';
import { AdminOrdersPage } from './admin-orders-page';

// Contact messages on the live desk (D20): new ones appear without "refresh", each is handled
// or not (with who and when), the list filters by it, the tab counts the ones waiting, and a
// phone gets a WhatsApp reply with a greeting in the message's own language.

function renderPage(port: MemoryDataPort, language: 'ar' | 'en' = 'en') {
  return renderWithProviders(<AdminOrdersPage />, { language, route: '/admin-orders', port });
}

const messagesTab = (name: string) => screen.findByRole('tab', { name: new RegExp(`^${name}`) });

afterEach(() => {
  localStorage.clear();
});

describe('contact messages on the desk', () => {
  it('counts the ones waiting on the tab, shows a new one live, and marks it handled and back', async () => {
    const backend = new MemoryBackend();
    await backend.client().messages.add({
      name: 'Karim',
      email: 'karim@example.com',
      message: 'Do you move pianos?',
    });
    const { user } = renderPage(await adminPort(backend));
    const tab = await messagesTab(adminEn.panel.tabs.messages);
    await waitFor(() => expect(tab).toHaveAccessibleName('Messages 1 message waiting for a reply'));
    await user.click(tab);
    const panel = screen.getByRole('tabpanel');
    await within(panel).findByText('Do you move pianos?');

    // Sent from another browser while the desk is open: no refresh.
    await act(() =>
      backend.client().messages.add({
        name: 'Laila',
        phone: '01112345678',
        message: 'Can you come on Friday?',
      }),
    );
    const laila = (await within(panel).findByText('Can you come on Friday?')).closest('li')!;
    await waitFor(() =>
      expect(tab).toHaveAccessibleName('Messages 2 messages waiting for a reply'),
    );
    expect(within(laila).getByText(adminEn.messages.state.unhandled)).toBeVisible();

    await user.click(
      within(laila).getByRole('button', { name: 'Mark handled for the message from Laila' }),
    );
    await within(laila).findByText(adminEn.messages.state.handled);
    expect(laila).toHaveTextContent(`Handled by ${TEST_ADMIN.email} on`);
    await screen.findByText(adminEn.messages.markedHandled);
    await waitFor(() => expect(tab).toHaveAccessibleName('Messages 1 message waiting for a reply'));
    const stored = backend.messages.find((r) => r.message.message === 'Can you come on Friday?');
    expect(stored?.message).toMatchObject({
      handledBy: TEST_ADMIN.email,
      handledAt: expect.any(String),
    });

    await user.click(
      within(laila).getByRole('button', { name: 'Mark not handled for the message from Laila' }),
    );
    await within(laila).findByText(adminEn.messages.state.unhandled);
    await waitFor(() =>
      expect(tab).toHaveAccessibleName('Messages 2 messages waiting for a reply'),
    );
  });

  it('filters by handled or not, and says when a filter matches nothing', async () => {
    const backend = new MemoryBackend();
    const admin = await adminPort(backend);
    for (const text of ['First', 'Second']) {
      await backend.client().messages.add({ name: 'Omar', phone: '01012345678', message: text });
      backend.advanceTime(1000);
    }
    const [second] = await admin.messages.list();
    await admin.messages.setHandled(second!.id, true);
    const { user } = renderPage(admin);
    await user.click(await messagesTab(adminEn.panel.tabs.messages));
    const panel = screen.getByRole('tabpanel');
    const filters = within(panel).getByRole('group', { name: adminEn.messages.filterLabel });
    const shown = async () =>
      (await within(panel).findAllByRole('listitem')).map(
        (item) => item.querySelector('.admin-message-body')?.textContent,
      );
    await waitFor(async () => expect(await shown()).toEqual(['Second', 'First']));

    await user.click(within(filters).getByRole('button', { name: /^Not handled/ }));
    expect(within(filters).getByRole('button', { name: /^Not handled/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(async () => expect(await shown()).toEqual(['First']));
    await user.click(
      within(filters).getByRole('button', { name: adminEn.messages.filter.handled }),
    );
    await waitFor(async () => expect(await shown()).toEqual(['Second']));

    await admin.messages.setHandled(second!.id, false);
    await within(panel).findByText(adminEn.messages.emptyFiltered);
  });

  it('replies on WhatsApp in a new tab, greeting in the message’s language, not the desk’s', async () => {
    const backend = new MemoryBackend();
    await backend
      .client()
      .messages.add({ name: 'منى', phone: '01012345678', message: 'عايزة أنقل شقة' });
    backend.advanceTime(1000);
    await backend
      .client()
      .messages.add({ name: 'Nour', phone: '01112345678', message: 'Moving an office' });
    backend.advanceTime(1000);
    await backend.client().messages.add({ name: 'Hoda', email: 'hoda@example.com', message: 'Hi' });
    const { user } = renderPage(await adminPort(backend), 'ar');
    await user.click(await messagesTab(adminAr.panel.tabs.messages));
    const items = await within(screen.getByRole('tabpanel')).findAllByRole('listitem');
    const reply = (item: HTMLElement) =>
      within(item).queryByRole('link', { name: new RegExp(adminAr.messages.replyWhatsApp) });

    // Newest first: Hoda gave no phone, so no WhatsApp.
    expect(reply(items[0]!)).toBeNull();
    const english = new URL(reply(items[1]!)!.getAttribute('href')!);
    expect(english.origin + english.pathname).toBe('https://wa.me/201112345678');
    expect(english.searchParams.get('text')).toBe(
      'Hello Nour, this is the Afsh team about your message.',
    );
    const arabic = reply(items[2]!)!;
    const url = new URL(arabic.getAttribute('href')!);
    expect(url.origin + url.pathname).toBe('https://wa.me/201012345678');
    expect(url.searchParams.get('text')).toBe('مرحبًا منى، معك فريق عفش بخصوص رسالتك.');
    expect(arabic).toHaveAttribute('target', '_blank');
    expect(arabic).toHaveAttribute('rel', 'noopener noreferrer');
    expect(arabic).toHaveAccessibleName(
      `${adminAr.messages.replyWhatsApp} على رسالة منى ${adminAr.messages.newTab}`,
    );
  });

  it('counts the waiting messages in Arabic-Indic digits on an Arabic desk', async () => {
    const backend = new MemoryBackend();
    for (let i = 0; i < 3; i += 1) {
      await backend.client().messages.add({ name: 'سارة', phone: '01012345678', message: 'سؤال' });
    }
    renderPage(await adminPort(backend), 'ar');
    const tab = await messagesTab(adminAr.panel.tabs.messages);
    await waitFor(() => expect(tab).toHaveTextContent('٣'));
    expect(tab).toHaveAccessibleName('الرسائل ٣ رسائل تنتظر الرد');
  });
});
