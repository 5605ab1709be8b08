import type { ReactNode } from 'react';
import { isOrderStatus, type OrderStatus, type PaymentStatus } from '../../domain/status';
import './badges.css';

// The words are the caller's (each screen has its own); these pieces give them their colour.

/** Green for done or fine, red for stopped, amber for waiting; no tone keeps the brand colour. */
export type BadgeTone = 'success' | 'danger' | 'warning';

export function Badge({
  tone,
  className,
  children,
}: {
  tone?: BadgeTone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span className={['badge', tone && `badge-${tone}`, className].filter(Boolean).join(' ')}>
      {children}
    </span>
  );
}

const STATUS_TONES: Partial<Record<OrderStatus, BadgeTone>> = {
  delivered: 'success',
  cancelled: 'danger',
};

/** An order's status (D5): delivered green, cancelled red, one from before the lifecycle amber. */
export function StatusBadge({
  status,
  className,
  children,
}: {
  status: string;
  className?: string;
  children: ReactNode;
}) {
  const tone = isOrderStatus(status) ? STATUS_TONES[status] : 'warning';
  return (
    <Badge tone={tone} className={className}>
      {children}
    </Badge>
  );
}

/** Paid green, still to pay amber, refunded plain (D3). */
export function PaymentBadge({ status, children }: { status: PaymentStatus; children: ReactNode }) {
  // A refund due is money the company owes (D16): it stands out like a payment awaited.
  const tone =
    status === 'paid'
      ? 'success'
      : status === 'pending' || status === 'refund_due'
        ? 'warning'
        : undefined;
  return <Badge tone={tone}>{children}</Badge>;
}

/** The line under a test-mode payment saying that no money moved (D3). */
export function TestModeNote({ children }: { children: ReactNode }) {
  return <span className="test-mode-note">{children}</span>;
}
