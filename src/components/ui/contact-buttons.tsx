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

/** Call and chat buttons (spec: prices screen, footer, floating buttons). */
export function ContactButtons({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  return (
    <div className={['row', className].filter(Boolean).join(' ')}>
      <a
        className="btn btn-secondary"
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
