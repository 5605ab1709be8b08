// Payments that always end, in the hosted build (docs/decisions.md D18): every minute, Cloud
// Scheduler runs reconcilePayments, which asks the gateway about tries it has said nothing of
// (its transaction inquiry) and refunds extra payments. The work is in
// payments/payment-handlers.ts, which the tests call directly; this only wires it.
import * as logger from 'firebase-functions/logger';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { reconcilePayments } from '../payments/payment-handlers.ts';
import { deps } from './callable.ts';
import { PAYMOB_SECRETS, REGION } from './params.ts';

/** How long a sweep may run: 20 orders, each a few calls to the gateway of at most its timeout. */
export const PAYMENT_SWEEP_TIMEOUT_SECONDS = 300;

export function paymentSweeper() {
  return onSchedule(
    {
      schedule: 'every 1 minutes',
      region: REGION,
      secrets: PAYMOB_SECRETS,
      timeoutSeconds: PAYMENT_SWEEP_TIMEOUT_SECONDS,
      // One sweep at a time: two would ask about the same tries.
      maxInstances: 1,
    },
    async () => {
      const summary = await reconcilePayments(deps(), new Date());
      if (summary.asked > 0 || summary.refunded > 0 || summary.refundsRefused > 0) {
        logger.info('payments: reconciled', summary);
      }
    },
  );
}
