import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../../components/ui/icons';
import { PASSWORD_MIN, passwordStrength } from '../../../domain/auth-schemas';

const LEVELS = ['weak', 'fair', 'strong'] as const;

/**
 * The live strength meter (domain `passwordStrength`, 0-2; below 2 is refused) and the spec's
 * tips, each ticked once the password meets it.
 */
export function PasswordStrength({ id, password }: { id: string; password: string }) {
  const { t } = useTranslation('auth');
  const score = passwordStrength(password);
  const level = LEVELS[Math.min(score, LEVELS.length - 1)] ?? 'weak';
  const tips = [
    { key: 'length', met: password.length >= PASSWORD_MIN },
    { key: 'mix', met: /\p{L}/u.test(password) && /\p{Nd}/u.test(password) },
  ] as const;
  return (
    <div id={id} className="auth-strength">
      {password !== '' && (
        <div className="auth-strength-meter" data-level={level}>
          <span className="auth-strength-bar" aria-hidden="true">
            {LEVELS.map((l, index) => (
              <span key={l} data-on={index <= score ? '' : undefined} />
            ))}
          </span>
          <span aria-live="polite">{t(`strength.${level}`)}</span>
        </div>
      )}
      <p className="auth-tips-title">{t('strength.tipsTitle')}</p>
      <ul className="auth-tips">
        {tips.map(({ key, met }) => (
          <li key={key} data-met={met ? '' : undefined}>
            <CheckIcon />
            <span>{t(`strength.tips.${key}`)}</span>
            {met && <span className="visually-hidden">{t('strength.met')}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
