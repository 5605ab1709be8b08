// The dispatch board's layout (D28), as plain functions: for each day of the board, its crews
// against the plan's windows, and the orders each cell holds. A move's first window is its
// chip; its later windows are continuation chips ("continues" the same day, "from yesterday"
// on the next ones). Orders without a crew (booked before dispatch, or of a crew no longer in
// the list) sit in the "unassigned" row, in the window they booked.
import { weekdayOf } from '../../domain/capacity';
import type { Assignment, DispatchBoard } from '../../domain/dispatch';
import type { Crew, Truck } from '../../domain/fleet';
import type { Order } from '../../domain/order';

export type ChipKind = 'start' | 'continues' | 'fromYesterday';

export interface BoardChip {
  order: Order & { assignment?: Assignment | null };
  kind: ChipKind;
}

export interface BoardWindow {
  id: string;
  start: string;
  end: string;
  /** The most moves it takes (the plan's count). */
  crews: number;
}

export interface CrewRowOfDay {
  crew: Crew;
  /** Does not work this weekday, or is taken off: shown greyed. */
  off: boolean;
  /** Its usual truck and the trucks its moves of the day take, by plate. */
  trucks: string[];
  cells: Record<string, BoardChip[]>;
}

export interface BoardDay {
  date: string;
  windows: BoardWindow[];
  crews: CrewRowOfDay[];
  unassigned: Record<string, BoardChip[]>;
  /** Unassigned orders whose window is not the plan's any more. */
  outside: BoardChip[];
}

/** What a move's `index`-th window is on the board. */
function kindOf(slots: readonly { date: string }[], index: number): ChipKind {
  if (index === 0) return 'start';
  return slots[index - 1]!.date === slots[index]!.date ? 'continues' : 'fromYesterday';
}

const byNumber = (a: BoardChip, b: BoardChip) =>
  a.order.orderNumber.localeCompare(b.order.orderNumber);

export function boardDays(board: DispatchBoard): BoardDay[] {
  const windows = [...board.windows].sort((a, b) => a.start.localeCompare(b.start));
  const windowIds = new Set(windows.map((w) => w.id));
  const trucks = new Map<string, Truck>(board.fleet.trucks.map((t) => [t.id, t]));
  const crewIds = new Set(board.fleet.crews.map((c) => c.id));
  const empty = () => Object.fromEntries(windows.map((w) => [w.id, [] as BoardChip[]]));

  const days: BoardDay[] = board.dates.map((date) => ({
    date,
    windows,
    crews: board.fleet.crews.map((crew) => ({
      crew,
      off: !crew.active || !crew.days.includes(weekdayOf(date)),
      trucks: [],
      cells: empty(),
    })),
    unassigned: empty(),
    outside: [],
  }));
  const dayOf = new Map(days.map((day) => [day.date, day]));

  for (const order of board.orders) {
    if (order.status === 'cancelled') continue;
    const assignment = order.assignment ?? null;
    if (assignment && assignment.slots.length > 0) {
      const known = crewIds.has(assignment.crewId);
      assignment.slots.forEach((slot, index) => {
        const day = dayOf.get(slot.date);
        if (!day || !windowIds.has(slot.windowId)) return;
        const chip: BoardChip = { order, kind: kindOf(assignment.slots, index) };
        const row = known ? day.crews.find((r) => r.crew.id === assignment.crewId) : undefined;
        if (!row) {
          day.unassigned[slot.windowId]!.push(chip);
          return;
        }
        row.cells[slot.windowId]!.push(chip);
        const plate = assignment.truckId ? trucks.get(assignment.truckId)?.plate : undefined;
        if (plate && !row.trucks.includes(plate)) row.trucks.push(plate);
      });
      continue;
    }
    const day = dayOf.get(order.moveDate);
    if (!day) continue;
    const windowId = order.timeWindow?.id;
    if (windowId && windowIds.has(windowId))
      day.unassigned[windowId]!.push({ order, kind: 'start' });
    else day.outside.push({ order, kind: 'start' });
  }

  for (const day of days) {
    for (const row of day.crews) {
      const usual = row.crew.truckId ? trucks.get(row.crew.truckId)?.plate : undefined;
      if (usual && !row.trucks.includes(usual)) row.trucks.unshift(usual);
      for (const chips of Object.values(row.cells)) chips.sort(byNumber);
    }
    for (const chips of Object.values(day.unassigned)) chips.sort(byNumber);
    day.outside.sort(byNumber);
  }
  return days;
}

/** Whether the day has any order without a crew: its row shows only then. */
export function hasUnassigned(day: BoardDay): boolean {
  return day.outside.length > 0 || Object.values(day.unassigned).some((chips) => chips.length > 0);
}

/** The calendar date `days` after `ymd` (before, when negative). */
export function plusDays(ymd: string, days: number): string {
  const [year, month, day] = ymd.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}
