import { useTranslation } from 'react-i18next';
import { GlobeIcon } from './icons';

/** Switches between Arabic and English; the label names the language you switch TO, in that language. */
export function LanguageToggle({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  const next = i18n.language === 'ar' ? 'en' : 'ar';
  return (
    <button
      type="button"
      className={['btn btn-ghost', className].filter(Boolean).join(' ')}
      onClick={() => void i18n.changeLanguage(next)}
    >
      <GlobeIcon />
      <span lang={next}>{t('language.other')}</span>
    </button>
  );
}
