import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { DataError, type DataPort } from '../../../data/port';
import { weekdayOf } from '../../../domain/capacity';
import { cairoToday } from '../../../domain/datetime';
import type { DispatchBoard } from '../../../domain/dispatch';
import adminEn from '../../../../locales/en/admin.json';
import adminAr from '../../../../locales/ar/admin.json';
import errorsEn from '../../../../locales/en/errors.json';
import errorsAr from '../../../../locales/ar/errors.json';
import { plusDays } from '../dispatch-board';
import { boardOrder, crew, fleet, portWithDispatch } from '../testing-dispatch';
import { AdminDispatchPage } from './admin-dispatch-page';

const TODAY = cairoToday();
const TOMORROW = plusDays(TODAY, 1);
const WINDOWS = [
  { id: 'morning', start: '08:00', end: '12:00', crews: 3 },
  { id: 'midday', start: '12:00', end: '16:00', crews: 3 },
  { id: 'evening', start: '16:00', end: '20:00', crews: 2 },
];
const norm = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

const FLEET = fleet({
  crews: [
    crew({
      id: 'maadi',
      name: 'Maadi crew',
      leaderName: 'Ahmed Hassan',
      leaderPhone: '+201012345678',
      truckId: 'truck-1',
    }),
    // Works every day but today's weekday: greyed today.
    crew({
      id: 'giza',
      name: 'Giza crew',
      leaderName: 'Omar Said',
      governorates: ['giza', 'cairo'],
      days: [0, 1, 2, 3, 4, 5, 6].filter((d) => d !== weekdayOf(TODAY)),
    }),
  ],
  trucks: [{ id: 'truck-1', plate: 'ABC 123', size: 'large', active: true }],
});

const BOOKED = boardOrder(
  { id: 'o-1', orderNumber: 'AF-1001', moveDate: TODAY },
  {
    crewId: 'maadi',
    truckId: 'truck-1',
    slots: [
      { date: TODAY, windowId: 'morning' },
      { date: TODAY, windowId: 'midday' },
    ],
    hours: 5.5,
    by: 'auto',
  },
);
// Booked before dispatch: it holds its window without a crew.
const OLD = boardOrder({
  id: 'o-2',
  orderNumber: 'AF-1002',
  moveDate: TODAY,
  moveType: 'partial',
  districtId: 'nasr-city',
  dropoffGovernorateId: 'cairo',
  dropoffDistrictId: 'maadi',
  timeWindow: { id: 'midday', start: '12:00', end: '16:00' },
});
// A long move: the Maadi crew's evening today and its morning tomorrow.
const LONG = boardOrder(
  {
    id: 'o-3',
    orderNumber: 'AF-1003',
    moveDate: TODAY,
    moveType: 'office',
    status: 'under_review',
  },
  {
    crewId: 'maadi',
    truckId: 'truck-1',
    slots: [
      { date: TODAY, windowId: 'evening' },
      { date: TOMORROW, windowId: 'morning' },
    ],
    hours: 7,
    by: 'admin',
  },
);

function boardOf(from: string, days: number): DispatchBoard {
  const dates = Array.from({ length: days }, (_, i) => plusDays(from, i));
  const touches = (o: typeof BOOKED) =>
    o.assignment
      ? o.assignment.slots.some((s) => dates.includes(s.date))
      : dates.includes(o.moveDate);
  return { dates, windows: WINDOWS, fleet: FLEET, orders: [BOOKED, OLD, LONG].filter(touches) };
}

async function setUp() {
  const { port, dispatch } = await portWithDispatch();
  dispatch.board.mockImplementation(async (from: string, days: number) => boardOf(from, days));
  return { port, dispatch };
}

function render(port: DataPort, language: 'ar' | 'en' = 'en') {
  return renderWithProviders(<AdminDispatchPage />, { language, route: '/admin-dispatch', port });
}

/** A crew's row of the board, by the crew's name in its row header. */
function rowOf(name: string | RegExp) {
  return screen.getByRole('rowheader', { name }).closest<HTMLElement>('[role="row"]')!;
}

/** The cells of a row, in the windows' order (morning, midday, evening). */
function cellsOf(row: HTMLElement) {
  return within(row).getAllByRole('cell');
}

describe('AdminDispatchPage (D28)', () => {
  it('lays out the crews against the windows, with each move in its cells', async () => {
    const { port, dispatch } = await setUp();
    const { user } = render(port);

    const table = await screen.findByRole('table');
    expect(dispatch.board).toHaveBeenCalledWith(TODAY, 1);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => norm(h.textContent));
    expect(headers).toEqual([
      adminEn.dispatch.crew,
      '8:00 AM – 12:00 PM at most 3',
      '12:00 PM – 4:00 PM at most 3',
      '4:00 PM – 8:00 PM at most 2',
    ]);

    const maadi = rowOf(/Maadi crew/);
    const header = norm(within(maadi).getByRole('rowheader').textContent);
    expect(header).toContain('Leader: Ahmed');
    expect(header).not.toContain('Hassan');
    expect(header).toContain('Cairo');
    expect(header).toContain('Truck: ABC 123');
    const [morning, midday, evening] = cellsOf(maadi);
    const first = within(morning!).getByRole('button', { name: /AF-1001/ });
    expect(norm(first.textContent)).toBe('AF-1001 Full move Maadi → Dokki 5.5 h Order received');
    // Its second window is a continuation of the same move.
    expect(norm(within(midday!).getByRole('button').textContent)).toContain(
      `AF-1001 ${adminEn.dispatch.continues}`,
    );
    expect(norm(within(evening!).getByRole('button').textContent)).toBe(
      'AF-1003 Office move Maadi → Dokki 7 h Under review',
    );

    // The Giza crew does not work today: greyed, said in words, its cells free.
    const giza = rowOf(/Giza crew/);
    expect(giza).toHaveClass('is-off');
    expect(within(giza).getByText(adminEn.dispatch.off)).toBeVisible();
    expect(within(giza).queryAllByRole('button')).toHaveLength(0);

    // The order from before dispatch is in the unassigned row, in the window it booked.
    const unassigned = rowOf(new RegExp(adminEn.dispatch.unassigned));
    const [, oldCell] = cellsOf(unassigned);
    expect(norm(within(oldCell!).getByRole('button').textContent)).toBe(
      'AF-1002 Partial move Nasr City → Maadi Order received',
    );

    // Tomorrow: the long move goes on from yesterday, in the morning.
    await user.click(screen.getByRole('button', { name: adminEn.dispatch.next }));
    await waitFor(() => expect(dispatch.board).toHaveBeenLastCalledWith(TOMORROW, 1));
    await waitFor(() =>
      expect(within(cellsOf(rowOf(/Maadi crew/))[0]!).getByRole('button')).toHaveTextContent(
        `AF-1003 ${adminEn.dispatch.fromYesterday}`,
      ),
    );
    expect(screen.queryByRole('button', { name: /AF-1001/ })).toBeNull();
    expect(screen.queryByRole('rowheader', { name: /Unassigned/ })).toBeNull();
  });

  it('by keyboard: a chip opens "Move / assign", which assigns the choice and announces it', async () => {
    const { port, dispatch } = await setUp();
    dispatch.assign.mockImplementation(async (orderId: string) => ({
      ...OLD,
      id: orderId,
    }));
    const { user } = render(port);

    const chip = await screen.findByRole('button', { name: /AF-1002/ });
    chip.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', {
      name: adminEn.dispatch.dialog.title.replace('{{number}}', 'AF-1002'),
    });
    expect(within(dialog).getByText(adminEn.dispatch.dialog.currentNone)).toBeVisible();
    // A crew must be chosen.
    await user.click(within(dialog).getByRole('button', { name: adminEn.dispatch.dialog.submit }));
    expect(within(dialog).getByText(adminEn.dispatch.dialog.chooseCrew)).toBeVisible();
    expect(dispatch.assign).not.toHaveBeenCalled();

    const crewSelect = within(dialog).getByLabelText(adminEn.dispatch.dialog.crew);
    // The Giza crew is marked as not working today.
    expect(
      within(crewSelect).getByRole('option', { name: 'Giza crew (not working)' }),
    ).toBeDefined();
    await user.selectOptions(crewSelect, 'Maadi crew');
    await user.selectOptions(
      within(dialog).getByLabelText(adminEn.dispatch.dialog.truck),
      'ABC 123',
    );
    await user.selectOptions(
      within(dialog).getByLabelText(adminEn.dispatch.dialog.window),
      '4:00 PM – 8:00 PM',
    );
    expect(within(dialog).getByLabelText(adminEn.dispatch.dialog.date)).toHaveValue(TODAY);
    await user.click(within(dialog).getByRole('button', { name: adminEn.dispatch.dialog.submit }));

    await waitFor(() =>
      expect(dispatch.assign).toHaveBeenCalledWith('o-2', {
        crewId: 'maadi',
        truckId: 'truck-1',
        date: TODAY,
        windowId: 'evening',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const status = screen
      .getAllByRole('status')
      .find(
        (region) =>
          region.getAttribute('aria-live') === 'polite' && region.closest('.admin-toasts'),
      )!;
    await waitFor(() =>
      expect(norm(status.textContent)).toContain(
        'Order AF-1002 assigned to Maadi crew, 4:00 PM – 8:00 PM',
      ),
    );
    // The board is loaded again.
    await waitFor(() => expect(dispatch.board).toHaveBeenCalledTimes(2));
  });

  it('Arabic: a refusal is shown translated in the dialog, on its field, and the board reloads', async () => {
    const { port, dispatch } = await setUp();
    dispatch.assign.mockRejectedValue(
      new DataError('failed-precondition', 'errors:dispatch.crewBusy', {
        fields: { crewId: 'errors:dispatch.crewBusy' },
      }),
    );
    const { user } = render(port, 'ar');

    const [chip] = await screen.findAllByRole('button', { name: /AF-1001/ });
    expect(norm(chip!.textContent)).toContain('٥٫٥');
    // Arabic-Indic digits everywhere but the order number.
    expect(norm(chip!.textContent).replace('AF-1001', '')).not.toMatch(/[0-9]/);
    await user.click(chip!);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveAccessibleName(
      adminAr.dispatch.dialog.title.replace('{{number}}', 'AF-1001'),
    );
    const crewSelect = within(dialog).getByLabelText(adminAr.dispatch.dialog.crew);
    expect(crewSelect).toHaveValue('maadi');
    await user.selectOptions(crewSelect, 'giza');
    await user.click(within(dialog).getByRole('button', { name: adminAr.dispatch.dialog.submit }));

    // The reason on the field it concerns, said once; the summary says the order stayed.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      adminAr.dispatch.refused.replace('{{number}}', 'AF-1001'),
    );
    expect(within(dialog).getAllByText(errorsAr.dispatch.crewBusy)).toHaveLength(1);
    expect(crewSelect).toHaveAttribute('aria-invalid', 'true');
    expect(crewSelect).toHaveAccessibleDescription(errorsAr.dispatch.crewBusy);
    expect(dispatch.assign).toHaveBeenCalledWith('o-1', {
      crewId: 'giza',
      date: TODAY,
      windowId: 'morning',
    });
    await waitFor(() => expect(dispatch.board).toHaveBeenCalledTimes(2));
    // Still open, to choose again.
    expect(screen.getByRole('alertdialog')).toBeVisible();
  });

  it('a chip dropped on another crew’s window is assigned there; a refusal comes as a toast', async () => {
    const { port, dispatch } = await setUp();
    dispatch.assign.mockRejectedValue(
      new DataError('failed-precondition', 'errors:dispatch.crewOffDay', {
        fields: { crewId: 'errors:dispatch.crewOffDay' },
      }),
    );
    render(port);

    const chip = await screen.findByRole('button', { name: /AF-1002/ });
    const target = cellsOf(rowOf(/Giza crew/))[2]!;
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
      effectAllowed: 'all',
      dropEffect: 'none',
    };
    fireEvent.dragStart(chip, { dataTransfer });
    fireEvent.dragOver(target, { dataTransfer });
    expect(target).toHaveClass('is-drop-target');
    fireEvent.drop(target, { dataTransfer });

    await waitFor(() =>
      expect(dispatch.assign).toHaveBeenCalledWith('o-2', {
        crewId: 'giza',
        date: TODAY,
        windowId: 'evening',
      }),
    );
    const alert = await screen.findByText(
      adminEn.dispatch.refused.replace('{{number}}', 'AF-1002'),
    );
    expect(alert.closest('[role="alert"]')).toHaveTextContent(errorsEn.dispatch.crewOffDay);
    await waitFor(() => expect(dispatch.board).toHaveBeenCalledTimes(2));
  });
});
