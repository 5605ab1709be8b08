import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../data/error-messages';
import { isDataError, type PhoneChallenge, type PhoneCodeChannel } from '../../../data/port';
import { useDataPort } from '../../../data/react/data-port-context';
import { formatNumber } from '../../../domain/money';
import { PHONE_MESSAGES } from '../../../domain/phone-verification';
import { useDisplayLanguage } from '../../../i18n/use-display-language';

/** Why a code was not sent or not accepted, in the reader's words (D13). */
export interface PhoneProblem {
  /** The whole message: the reason, then tries left or when to try again. */
  text: string;
  /** About the typed code (its field is marked); otherwise about the number or the service. */
  onCode: boolean;
  /** The code cannot be used any more: a new one is the way on. */
  needsNewCode: boolean;
  /** Seconds until the server takes another request, when it said. */
  retryAfterSeconds: number | undefined;
}

/** Refusals that end a code: expired, used, out of tries, locked, or unknown to the server. */
const DEAD_CODE: ReadonlySet<string> = new Set([
  PHONE_MESSAGES.expired,
  PHONE_MESSAGES.used,
  PHONE_MESSAGES.locked,
]);

/** A refusal of the phone sign-in as one translated message with what to do next. */
export function usePhoneProblem() {
  const { t } = useTranslation(['auth', 'errors', 'validation']);
  const language = useDisplayLanguage();

  /** "in 45 seconds", "in 12 minutes", "in 2 hours": the coarsest unit that says it. */
  const duration = useCallback(
    (seconds: number) => {
      const [unit, count] =
        seconds < 60
          ? (['seconds', seconds] as const)
          : seconds < 3600
            ? (['minutes', Math.ceil(seconds / 60)] as const)
            : (['hours', Math.ceil(seconds / 3600)] as const);
      return t(`auth:phone.${unit}`, { count, value: formatNumber(count, language) });
    },
    [t, language],
  );

  return useCallback(
    (error: unknown): PhoneProblem => {
      let message = errorMessageKey(error, 'generic');
      // A challenge the server does not know (long gone) is, to the customer, an expired code.
      if (isDataError(error) && error.code === 'not-found') message = PHONE_MESSAGES.expired;
      const details = isDataError(error) ? error.details : undefined;
      const retryAfterSeconds = isDataError(error) ? error.retryAfterSeconds : undefined;
      const attemptsLeft = details?.attemptsLeft;
      const wrong = message === PHONE_MESSAGES.wrongCode && typeof attemptsLeft === 'number';
      // The last wrong try kills the code: that is what the customer needs to hear.
      if (wrong && attemptsLeft <= 0) message = PHONE_MESSAGES.locked;
      const parts = [t(message)];
      if (wrong && attemptsLeft > 0) {
        parts.push(
          t('auth:phone.attemptsLeft', {
            count: attemptsLeft,
            value: formatNumber(attemptsLeft, language),
          }),
        );
      }
      const limited = isDataError(error) && error.code === 'rate-limited';
      if (limited && retryAfterSeconds !== undefined && retryAfterSeconds > 0) {
        parts.push(t('auth:phone.retryIn', { time: duration(retryAfterSeconds) }));
      }
      const needsNewCode = DEAD_CODE.has(message) && !limited;
      const onCode =
        isDataError(error) && (Boolean(error.fields?.code) || message === PHONE_MESSAGES.expired);
      return { text: parts.join(' '), onCode, needsNewCode, retryAfterSeconds };
    },
    [t, language, duration],
  );
}

/**
 * Seconds left until `deadline` (ms since the epoch), ticking once a second while above zero.
 * The clock is read in the handler that sets the deadline and in the timer, never while rendering.
 */
export function useSecondsUntil(deadline: number, now: number, setNow: (now: number) => void) {
  const left = Math.max(0, Math.ceil((deadline - now) / 1000));
  const ticking = left > 0;
  useEffect(() => {
    if (!ticking) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking, setNow]);
  return left;
}

/** Asking for a code (D13): one request at a time, with its refusal kept for the screen. */
export function useCodeRequest() {
  const port = useDataPort();
  const language = useDisplayLanguage();
  const describe = usePhoneProblem();
  const [sending, setSending] = useState<PhoneCodeChannel | 'any' | null>(null);
  const [problem, setProblem] = useState<PhoneProblem | null>(null);

  /** The new code's challenge, or why none was sent (also kept in `problem`). */
  const send = useCallback(
    async (
      phone: string,
      channel?: PhoneCodeChannel,
    ): Promise<{ challenge: PhoneChallenge } | { problem: PhoneProblem }> => {
      setSending(channel ?? 'any');
      setProblem(null);
      try {
        const challenge = await port.auth.requestPhoneCode({
          phone,
          language,
          ...(channel ? { channel } : {}),
        });
        return { challenge };
      } catch (error) {
        const found = describe(error);
        setProblem(found);
        return { problem: found };
      } finally {
        setSending(null);
      }
    },
    [port, language, describe],
  );

  return { send, sending, problem, setProblem };
}
