import { toInternationalEgyptian } from '../../domain/phone';

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
