import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { env } from '../../config/env';
import { track } from '../../analytics/analytics';
import { telHref, whatsappHref } from '../../components/ui/contact-buttons';
import { PhoneIcon, WhatsAppIcon } from '../../components/ui/icons';
import './floating-contact.css';

/** How far down the page the buttons appear: past half of the first screen. */
const FIRST_SCREEN_SHARE = 0.5;
/** The band at the bottom of the screen the buttons take (two buttons, their gap, the inset). */
const BUTTONS_BAND_PX = 144;

/** Re-reads the scroll position once a frame at most, and on resizing. */
function subscribeToScroll(onChange: () => void): () => void {
  let frame = 0;
  const onScroll = () => {
    if (!frame) {
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        onChange();
      });
    }
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  window.addEventListener('resize', onScroll);
  return () => {
    window.removeEventListener('scroll', onScroll);
    window.removeEventListener('resize', onScroll);
    if (frame) window.cancelAnimationFrame(frame);
  };
}

/**
 * Whether the buttons may show: the first screen has been scrolled past, and no part of a block
 * that must stay clear (`data-floating-clear`: Home's hero, whose text runs the screen's whole
 * width on a phone) is still in the band at the bottom of the screen where they sit.
 */
function pastFirstScreen(): boolean {
  const height = window.innerHeight;
  if (window.scrollY <= height * FIRST_SCREEN_SHARE) return false;
  for (const block of document.querySelectorAll('[data-floating-clear]')) {
    if (block.getBoundingClientRect().bottom > height - BUTTONS_BAND_PX) return false;
  }
  return true;
}
// The prerendered page is at its top: the buttons start out of the way.
const atTop = () => false;

/**
 * Floating call and WhatsApp buttons (spec: Home; kept on every page with a header that is not a
 * form). They never cover what the visitor came to read (D22): they wait until the first screen
 * (Home's hero, a page's title and lead) has been scrolled past, the page keeps room for them at
 * its end so its last lines scroll clear of them, and they step aside under any open dialog and
 * the open menu (the stylesheet: a modal must be the only thing on top).
 */
export function FloatingContact() {
  const { t } = useTranslation('common');
  const shown = useSyncExternalStore(subscribeToScroll, pastFirstScreen, atTop);
  return (
    <div className="floating-contact" data-shown={shown ? 'true' : 'false'}>
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
