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
    const words = { customer: 'العميل', system: 'النظام', admin: 'فريق عفش' } as const;
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
