import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { trackPath } from '../../config/paths';
import { WhenVisible } from './when-visible';
import './tracking-qr.css';

// qrcode.react is only fetched when a QR is actually shown, never in the first load.
const QRCodeSVG = lazy(async () => ({ default: (await import('qrcode.react')).QRCodeSVG }));

/** How near the screen the code must come to be drawn (an IntersectionObserver root margin). */
export const QR_MARGIN_PX = 100;
const QR_MARGIN = `${QR_MARGIN_PX}px 0px`;

export interface TrackingQrProps {
  orderNumber: string;
  /** Edge length in CSS pixels (default 176). */
  size?: number;
}

/** The absolute tracking link of an order, as the QR code and share text carry it. */
export function trackingUrl(orderNumber: string): string {
  return `${window.location.origin}${trackPath(orderNumber)}`;
}

/** A QR code of the order's public tracking link (D2: it opens on any phone). */
export function TrackingQr({ orderNumber, size = 176 }: TrackingQrProps) {
  const { t } = useTranslation('share');
  return (
    <figure className="tracking-qr">
      <div
        className="tracking-qr-code"
        role="img"
        aria-label={t('qrAlt', { orderNumber })}
        style={{ inlineSize: size, blockSize: size }}
      >
        {/* Drawn when it comes near the screen: encoding the code is one of the longest tasks
            of a slow phone's tracking page, and there it sits below the fold. The box keeps its
            size meanwhile, so nothing moves. */}
        <WhenVisible placeholder={null} rootMargin={QR_MARGIN}>
          <Suspense fallback={null}>
            <QRCodeSVG
              value={trackingUrl(orderNumber)}
              size={size}
              level="M"
              marginSize={2}
              aria-hidden
              focusable={false}
            />
          </Suspense>
        </WhenVisible>
      </div>
      <figcaption className="field-hint">{t('qrCaption')}</figcaption>
    </figure>
  );
}
