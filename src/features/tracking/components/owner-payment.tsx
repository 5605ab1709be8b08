import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order, PublicTracking } from '../../../data/port';
import { useDataPort } from '../../../data/react/data-port-context';
import { useSession } from '../../../data/react/session-context';
import { PayNow } from '../../../components/ui/pay-now';
import { canPayOnline, canSwitchToCash, isHostedProvider } from '../../../domain/payments';
import { isOnlinePaymentMethod } from '../../../domain/status';

interface OwnerPaymentProps {
  tracking: PublicTracking;
  /** Called after the owner chose cash, to look the order up again. */
  onChanged(): void;
}

/**
 * "Pay now" on the tracker (D3), for the order's owner only: the public view names nobody, so
 * the order is looked up as the visitor's own (one read); anyone else sees nothing here.
 */
export function OwnerPayment(props: OwnerPaymentProps) {
  const { user } = useSession();
  const { tracking } = props;
  const unpaidOnline =
    tracking.paymentStatus === 'pending' &&
    isOnlinePaymentMethod(tracking.paymentMethod) &&
    isHostedProvider(tracking.paymentProvider) &&
    tracking.status !== 'cancelled';
  if (!user || !unpaidOnline) return null;
  return (
    <Suspense fallback={null}>
      <OwnersOrder {...props} userId={user.id} />
    </Suspense>
  );
}

function OwnersOrder({ tracking, onChanged, userId }: OwnerPaymentProps & { userId: string }) {
  const { t } = useTranslation('tracking');
  const port = useDataPort();
  const [order, setOrder] = useState<Order | null>(null);

  useEffect(() => {
    let active = true;
    port.orders.findByNumber(tracking.orderNumber).then(
      (found) => {
        if (active) setOrder(found && found.userId === userId ? found : null);
      },
      () => {
        // Not the visitor's, or not reachable: nothing to offer.
        if (active) setOrder(null);
      },
    );
    return () => {
      active = false;
    };
  }, [port, tracking.orderNumber, userId]);

  if (!order || !canPayOnline(order)) return null;
  return (
    <section className="card track-owner-payment" aria-label={t('owner.unpaid')}>
      <PayNow
        order={order}
        canPay
        canSwitchToCash={canSwitchToCash(order)}
        onSwitchedToCash={onChanged}
        lead={t('owner.unpaid')}
      />
    </section>
  );
}
