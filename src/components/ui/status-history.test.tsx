import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { StatusChange } from '../../data/port';
import { formatDateTime } from '../../domain/datetime';
import { renderWithProviders } from '../../testing/render';
import ar from '../../../locales/ar/common.json';
import en from '../../../locales/en/common.json';
import { StatusHistory } from './status-history';

// Stored newest first on purpose: the component orders them.
const history: StatusChange[] = [
  { status: 'in_transit', at: '2026-03-11T07:30:00.000Z', actor: 'admin' },
  { status: 'received', at: '2026-03-10T08:00:00.000Z', actor: 'customer' },
  { status: 'under_review', at: '2026-03-10T12:15:00.000Z', actor: 'system' },
];

const items = () => within(screen.getByRole('list')).getAllByRole('listitem');

describe('StatusHistory', () => {
  it('lists the changes oldest first, each with its Cairo time (en)', () => {
    renderWithProviders(<StatusHistory history={history} />, { language: 'en' });
    const [first, second, third] = items();
    expect(items()).toHaveLength(3);
    expect(within(first!).getByText(en.status.received)).toBeInTheDocument();
    expect(within(second!).getByText(en.status.under_review)).toBeInTheDocument();
    expect(within(third!).getByText(en.status.in_transit)).toBeInTheDocument();
    const time = within(first!).getByText(formatDateTime('2026-03-10T08:00:00.000Z', 'en'));
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', '2026-03-10T08:00:00.000Z');
    // Without actorLabel nothing says who made a change.
    expect(first!.textContent).toBe(
      `${en.status.received} ${formatDateTime('2026-03-10T08:00:00.000Z', 'en')}`,
    );
  });

  it('says who made each change in the caller’s words, in Arabic digits (ar, timeline)', () => {
    const words = {
      customer: 'العميل',
      system: 'النظام',
      admin: 'فريق عفش',
      crew: 'فريق النقل',
    } as const;
    renderWithProviders(
      <StatusHistory history={history} look="timeline" actorLabel={(actor) => words[actor]} />,
      { language: 'ar' },
    );
    const [first, , third] = items();
    expect(within(first!).getByText(words.customer)).toBeInTheDocument();
    expect(within(third!).getByText(words.admin)).toBeInTheDocument();
    expect(
      within(third!).getByText(formatDateTime('2026-03-11T07:30:00.000Z', 'ar')),
    ).toHaveTextContent(/[٠-٩]/);
    expect(within(third!).getByText(ar.status.in_transit)).toBeInTheDocument();
  });

  it('names a status it does not know as unknown rather than showing the stored value', () => {
    const legacy = [{ status: 'shipped', at: '2025-01-01T10:00:00.000Z', actor: 'system' }];
    renderWithProviders(<StatusHistory history={legacy as unknown as StatusChange[]} />, {
      language: 'en',
    });
    expect(within(items()[0]!).getByText(en.status.unknown)).toBeInTheDocument();
    expect(screen.queryByText('shipped')).not.toBeInTheDocument();
  });
});

describe('StatusHistory: going back and new dates (D17)', () => {
  const MORNING = { id: 'morning', start: '08:00', end: '12:00' };
  const entries: StatusChange[] = [
    { status: 'received', at: '2026-03-10T08:00:00.000Z', actor: 'system' },
    { status: 'cancelled', at: '2026-03-10T09:00:00.000Z', actor: 'customer' },
    {
      status: 'received',
      at: '2026-03-10T10:00:00.000Z',
      actor: 'admin',
      kind: 'uncancelled',
      reason: 'Called back',
    },
    {
      status: 'received',
      at: '2026-03-10T11:00:00.000Z',
      actor: 'customer',
      kind: 'rescheduled',
      moved: {
        from: { date: '2026-03-15', time: '08:00', window: MORNING },
        to: { date: '2026-03-16', time: '08:00', window: MORNING },
      },
    },
  ];

  it('says what each entry did; the reasons only where the screen asks for them (en)', () => {
    const { unmount } = renderWithProviders(<StatusHistory history={entries} showReasons />, {
      language: 'en',
    });
    const [, , back, moved] = items();
    expect(back).toHaveTextContent('Brought back: Order received');
    expect(back).toHaveTextContent('Reason: Called back');
    expect(moved).toHaveTextContent('Date changed to March 16, 2026, 8:00 AM – 12:00 PM');
    unmount();
    renderWithProviders(<StatusHistory history={entries} />, { language: 'en' });
    expect(screen.queryByText(/Called back/)).toBeNull();
  });

  it('the public view has the kind but not the slots: "date changed" alone (ar)', () => {
    const publicView = entries.map(({ status, at, actor, kind }) =>
      kind ? { status, at, actor, kind } : { status, at, actor },
    );
    renderWithProviders(<StatusHistory history={publicView} showReasons />, { language: 'ar' });
    const [, , back, moved] = items();
    expect(back).toHaveTextContent(`أُعيد الطلب: ${ar.status.received}`);
    expect(moved).toHaveTextContent(ar.history.rescheduled);
    expect(back!.textContent).not.toMatch(/[0-9]/);
  });
});
