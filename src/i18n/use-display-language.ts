import { useTranslation } from 'react-i18next';
import type { DisplayLanguage } from '../domain/locale';

/** The current language as the domain formatters want it (Arabic unless English is active). */
export function useDisplayLanguage(): DisplayLanguage {
  const { i18n } = useTranslation();
  return (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'ar';
}
