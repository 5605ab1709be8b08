// What placing, changing and cancelling an order write to the outbox (docs/decisions.md D10):
// the domain's events of the write, the messages they cause (planMessages) rendered from the
// templates in locales/, inside the order's own transaction (OrderRepository calls this).
import {
  orderChangeEvents,
  orderCreationEvents,
  outboxEntries,
  type RenderTemplate,
} from '../../../src/domain/notifications.ts';
import type { OrderOutbox } from '../orders/order-repository.ts';
import type { NotifySettings } from './notify-settings.ts';
import type { HostedOutbox } from './outbox-repository.ts';
import { renderTemplate } from './renderer.ts';

export function orderOutbox(
  outbox: HostedOutbox,
  notify: NotifySettings,
  render: RenderTemplate = renderTemplate,
): OrderOutbox {
  return {
    record(tx, write, seq, now) {
      const events =
        write.before === null
          ? orderCreationEvents(write.after)
          : orderChangeEvents(write.before, write.after, write.actor);
      if (events.length === 0) return seq;
      const entries = outboxEntries(events, notify.routing, render, notify.maxTries);
      return outbox.record(tx, write.after.id, seq, entries, now);
    },
    removal: (tx, orderId) => outbox.removal(tx, orderId),
  };
}
