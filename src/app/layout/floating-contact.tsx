import { useTranslation } from 'react-i18next';
import { env } from '../../config/env';
import { track } from '../../analytics/analytics';
import { telHref, whatsappHref } from '../../components/ui/contact-buttons';
import { PhoneIcon, WhatsAppIcon } from '../../components/ui/icons';
import './floating-contact.css';

/** Floating call and WhatsApp buttons (spec: Home; kept on every page with a header). */
export function FloatingContact() {
  const { t } = useTranslation('common');
  return (
    <div className="floating-contact">
      <a
        className="floating-button floating-whatsapp"
        href={whatsappHref(env.whatsappNumber)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('contact.floatingWhatsapp')}
        onClick={() => track('click_whatsapp')}
      >
        <WhatsAppIcon />
      </a>
      <a
        className="floating-button floating-call"
        href={telHref(env.phoneNumber)}
        aria-label={t('contact.floatingCall')}
        onClick={() => track('click_phone')}
      >
        <PhoneIcon />
      </a>
    </div>
  );
}
