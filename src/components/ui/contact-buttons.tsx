import { useTranslation } from 'react-i18next';
import { env } from '../../config/env';
import { track } from '../../analytics/analytics';
import { PhoneIcon, WhatsAppIcon } from './icons';

export function telHref(phone: string): string {
  return `tel:${phone}`;
}

/** wa.me wants the international number with digits only. */
export function whatsappHref(number: string, text?: string): string {
  const digits = number.replace(/\D/g, '');
  return `https://wa.me/${digits}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}

/** Call and chat buttons (spec: prices screen, contact screen, home page FAQ). */
export function ContactButtons({
  className,
  prominentCall = false,
}: {
  className?: string;
  /** Calling as the main action (the contact screen); otherwise both buttons weigh the same. */
  prominentCall?: boolean;
}) {
  const { t } = useTranslation('common');
  return (
    <div className={['row', className].filter(Boolean).join(' ')}>
      <a
        className={`btn ${prominentCall ? 'btn-primary' : 'btn-secondary'}`}
        href={telHref(env.phoneNumber)}
        onClick={() => track('click_phone')}
      >
        <PhoneIcon />
        {t('contact.call')}
      </a>
      <a
        className="btn btn-secondary"
        href={whatsappHref(env.whatsappNumber)}
        target="_blank"
        rel="noopener noreferrer"
        onClick={() => track('click_whatsapp')}
      >
        <WhatsAppIcon />
        {t('contact.whatsapp')}
      </a>
    </div>
  );
}
