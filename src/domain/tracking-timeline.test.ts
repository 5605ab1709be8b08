import { describe, expect, it } from 'vitest';
import type { StatusActor } from './order';
import type { OrderStatus } from './status';
import { trackingTimeline, type TimelineSource } from './tracking-timeline';

// The tracker shows the steps an order's history holds, the current one and what is ahead
// (D5, D19): never a stage marked done that did not happen.

const at = (minute: number) => `2026-03-10T08:${String(minute).padStart(2, '0')}:00.000Z`;

function history(...entries: [OrderStatus, StatusActor, string?][]): TimelineSource[] {
  return entries.map(([status, actor, reason], index) => ({
    status,
    actor,
    at: at(index),
    ...(reason === undefined ? {} : { reason }),
  }));
}

/** The steps as "status/kind/state" strings, the way a reader goes down the list. */
const readSteps = (timeline: ReturnType<typeof trackingTimeline>) =>
  timeline.steps.map((step) => `${step.status}/${step.kind}/${step.state}`);

describe('trackingTimeline', () => {
  it('a new order: received now, every stage ahead, the first of them next', () => {
    const timeline = trackingTimeline({
      status: 'received',
      statusHistory: history(['received', 'system']),
    });
    expect(readSteps(timeline)).toEqual(['received/forward/current']);
    expect(timeline.steps[0]).toMatchObject({ at: at(0), actor: 'system', reason: null });
    expect(timeline.upcoming).toEqual([
      'under_review',
      'on_the_way',
      'arrived',
      'loading',
      'in_transit',
      'delivered',
    ]);
    expect(timeline.cancelled).toBeNull();
  });

  it('each stage in turn: the earlier ones done with their times, the last one current', () => {
    const timeline = trackingTimeline({
      status: 'in_transit',
      statusHistory: history(
        ['received', 'system'],
        ['under_review', 'admin'],
        ['in_transit', 'admin'],
      ),
    });
    expect(readSteps(timeline)).toEqual([
      'received/forward/done',
      'under_review/forward/done',
      'in_transit/forward/current',
    ]);
    expect(timeline.steps.map((step) => step.at)).toEqual([at(0), at(1), at(2)]);
    expect(timeline.upcoming).toEqual(['delivered']);
  });

  it('a stage the office skipped is not shown as done', () => {
    const timeline = trackingTimeline({
      status: 'in_transit',
      statusHistory: history(['received', 'system'], ['in_transit', 'admin']),
    });
    expect(timeline.steps.map((step) => step.status)).toEqual(['received', 'in_transit']);
    expect(timeline.steps.map((step) => step.status)).not.toContain('under_review');
    expect(timeline.upcoming).toEqual(['delivered']);
  });

  it('delivered: nothing ahead', () => {
    const timeline = trackingTimeline({
      status: 'delivered',
      statusHistory: history(
        ['received', 'system'],
        ['under_review', 'admin'],
        ['in_transit', 'admin'],
        ['delivered', 'admin'],
      ),
    });
    expect(timeline.steps.at(-1)).toMatchObject({ status: 'delivered', state: 'current' });
    expect(timeline.upcoming).toEqual([]);
  });

  it('cancelled by the customer: where it was, who cancelled it, and no stage ahead', () => {
    const timeline = trackingTimeline({
      status: 'cancelled',
      statusHistory: history(
        ['received', 'system'],
        ['under_review', 'admin'],
        ['cancelled', 'customer'],
      ),
    });
    expect(readSteps(timeline)).toEqual([
      'received/forward/done',
      'under_review/forward/done',
      'cancelled/cancelled/current',
    ]);
    expect(timeline.upcoming).toEqual([]);
    expect(timeline.cancelled).toEqual({ actor: 'customer', at: at(2), during: 'under_review' });
  });

  it('cancelled by the office before any review: no review step is invented', () => {
    const timeline = trackingTimeline({
      status: 'cancelled',
      statusHistory: history(['received', 'system'], ['cancelled', 'admin']),
    });
    expect(timeline.steps.map((step) => step.status)).toEqual(['received', 'cancelled']);
    expect(timeline.cancelled).toEqual({ actor: 'admin', at: at(1), during: 'received' });
  });

  it('the issue’s order: cancelled by the customer, then sent on its way by the office', () => {
    // Issue 25: received → cancelled (customer) → in transit (admin). The tracker showed
    // "under review" as done; the timeline shows what happened, and the cancellation stays.
    const timeline = trackingTimeline({
      status: 'in_transit',
      statusHistory: history(
        ['received', 'system'],
        ['cancelled', 'customer'],
        ['in_transit', 'admin'],
      ),
    });
    expect(readSteps(timeline)).toEqual([
      'received/forward/done',
      'cancelled/cancelled/done',
      'in_transit/restored/current',
    ]);
    expect(timeline.steps.map((step) => step.status)).not.toContain('under_review');
    expect(timeline.upcoming).toEqual(['delivered']);
    expect(timeline.cancelled).toBeNull();
  });

  it('an un-cancel with its reason, and a reopened delivery, read as steps back', () => {
    const timeline = trackingTimeline({
      status: 'delivered',
      statusHistory: history(
        ['received', 'system'],
        ['cancelled', 'customer'],
        ['received', 'admin', 'The customer called to keep the booking'],
        ['under_review', 'admin'],
        ['in_transit', 'admin'],
        ['delivered', 'admin'],
        ['in_transit', 'admin', 'Two boxes were left behind'],
        ['delivered', 'admin'],
      ),
    });
    expect(readSteps(timeline)).toEqual([
      'received/forward/done',
      'cancelled/cancelled/done',
      'received/restored/done',
      'under_review/forward/done',
      'in_transit/forward/done',
      'delivered/forward/done',
      'in_transit/back/done',
      'delivered/forward/current',
    ]);
    expect(timeline.steps[2]!.reason).toBe('The customer called to keep the booking');
    expect(timeline.steps[6]!.reason).toBe('Two boxes were left behind');
    expect(timeline.upcoming).toEqual([]);
  });

  it('after a step back, the stages ahead of it are ahead again', () => {
    const timeline = trackingTimeline({
      status: 'under_review',
      statusHistory: history(
        ['received', 'system'],
        ['in_transit', 'admin'],
        ['under_review', 'admin', 'The address needs checking'],
      ),
    });
    expect(timeline.steps.at(-1)).toMatchObject({ kind: 'back', state: 'current' });
    // The crew's field steps (D28) are ahead too: the lifecycle's, however many there are.
    expect(timeline.upcoming).toEqual([
      'on_the_way',
      'arrived',
      'loading',
      'in_transit',
      'delivered',
    ]);
  });

  it('reads the history in time order, whatever order it was stored in', () => {
    const [first, second, third] = history(
      ['received', 'system'],
      ['under_review', 'admin'],
      ['in_transit', 'admin'],
    );
    const timeline = trackingTimeline({
      status: 'in_transit',
      statusHistory: [third!, first!, second!],
    });
    expect(timeline.steps.map((step) => step.status)).toEqual([
      'received',
      'under_review',
      'in_transit',
    ]);
  });

  it('a status set again is shown again (the admin did act, D5)', () => {
    const timeline = trackingTimeline({
      status: 'under_review',
      statusHistory: history(
        ['received', 'system'],
        ['under_review', 'admin'],
        ['under_review', 'admin'],
      ),
    });
    expect(readSteps(timeline)).toEqual([
      'received/forward/done',
      'under_review/forward/done',
      'under_review/forward/current',
    ]);
  });

  it('a current status the history does not record is current, with no time, and nothing before it is made up', () => {
    const none = trackingTimeline({ status: 'in_transit', statusHistory: [] });
    expect(none.steps).toEqual([
      {
        status: 'in_transit',
        at: null,
        actor: null,
        kind: 'forward',
        state: 'current',
        reason: null,
      },
    ]);
    expect(none.upcoming).toEqual(['delivered']);

    const behind = trackingTimeline({
      status: 'cancelled',
      statusHistory: history(['received', 'system']),
    });
    expect(readSteps(behind)).toEqual(['received/forward/done', 'cancelled/cancelled/current']);
    expect(behind.cancelled).toEqual({ actor: null, at: null, during: 'received' });
  });

  it('a status this code does not know is shown as it is, with nothing guessed ahead', () => {
    const timeline = trackingTimeline({
      status: 'on_hold' as OrderStatus,
      statusHistory: history(['received', 'system'], ['on_hold' as OrderStatus, 'admin']),
    });
    expect(readSteps(timeline)).toEqual(['received/forward/done', 'on_hold/forward/current']);
    expect(timeline.upcoming).toEqual([]);
  });

  it('a blank reason is no reason', () => {
    const timeline = trackingTimeline({
      status: 'received',
      statusHistory: history(['received', 'system', '   ']),
    });
    expect(timeline.steps[0]!.reason).toBeNull();
  });

  it('entries that say what they are (D17): a new date, a bring-back and a reopen', () => {
    const timeline = trackingTimeline({
      status: 'in_transit',
      statusHistory: [
        { status: 'received', actor: 'system', at: at(0) },
        { status: 'received', actor: 'customer', at: at(1), kind: 'rescheduled' },
        { status: 'cancelled', actor: 'customer', at: at(2) },
        { status: 'received', actor: 'admin', at: at(3), kind: 'uncancelled' },
        { status: 'under_review', actor: 'admin', at: at(4) },
        { status: 'in_transit', actor: 'admin', at: at(5) },
        { status: 'delivered', actor: 'admin', at: at(6) },
        { status: 'in_transit', actor: 'admin', at: at(7), kind: 'reopened' },
      ],
    });
    expect(readSteps(timeline)).toEqual([
      'received/forward/done',
      'received/rescheduled/done',
      'cancelled/cancelled/done',
      'received/restored/done',
      'under_review/forward/done',
      'in_transit/forward/done',
      'delivered/forward/done',
      'in_transit/back/current',
    ]);
    expect(timeline.upcoming).toEqual(['delivered']);
  });
});
