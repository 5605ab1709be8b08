import { messageLanguage, type ContactMessage } from '../../domain/contact-message';
import { toInternationalEgyptian } from '../../domain/phone';
import { adminBundle } from './order-labels';

/**
 * `https://wa.me/20XXXXXXXXXX?text=…`: opens a chat with the customer with `message` typed in.
 * Null for a number that is not an Egyptian mobile (old or hand-edited data), rather than a link
 * to a stranger.
 */
export function whatsappLink(phoneNumber: string, message: string): string | null {
  try {
    return `https://wa.me/${toInternationalEgyptian(phoneNumber)}?text=${encodeURIComponent(message)}`;
  } catch {
    return null;
  }
}

/**
 * "Reply on WhatsApp" for a contact message (D20): a chat with the sender's number with a short
 * greeting typed in, in the language the message is written in (whatever the desk's), or null
 * without a phone (or with one that is not an Egyptian mobile).
 */
export function messageReplyLink(message: Pick<ContactMessage, 'name' | 'phone' | 'message'>): {
  href: string;
  language: 'ar' | 'en';
} | null {
  if (!message.phone) return null;
  const language = messageLanguage(message);
  const greeting = adminBundle(language).messages.replyGreeting.replace('{{name}}', message.name);
  const href = whatsappLink(message.phone, greeting);
  return href === null ? null : { href, language };
}
