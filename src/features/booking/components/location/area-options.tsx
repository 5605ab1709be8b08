import { useTranslation } from 'react-i18next';
import {
  districtName,
  districtsInOrder,
  governorateName,
  type Governorate,
} from '../../../../domain/governorates';
import { useDisplayLanguage } from '../../../../i18n/use-display-language';

/** A governorate select's options: the placeholder, then each governorate in the page's language. */
export function GovernorateOptions({ governorates }: { governorates: readonly Governorate[] }) {
  const { t } = useTranslation('booking');
  const language = useDisplayLanguage();
  return (
    <>
      <option value="">{t('selectCity.manual.governoratePlaceholder')}</option>
      {governorates.map((g) => (
        <option key={g.id} value={g.id}>
          {governorateName(g, language)}
        </option>
      ))}
    </>
  );
}

/**
 * A district select's options: "choose a governorate first" until there is one, then its
 * districts in the page's language's order.
 */
export function DistrictOptions({ governorate }: { governorate: Governorate | undefined }) {
  const { t } = useTranslation('booking');
  const language = useDisplayLanguage();
  return (
    <>
      <option value="">
        {governorate
          ? t('selectCity.manual.districtPlaceholder')
          : t('selectCity.manual.districtFirst')}
      </option>
      {districtsInOrder(governorate, language).map((d) => (
        <option key={d.id} value={d.id}>
          {districtName(d, language)}
        </option>
      ))}
    </>
  );
}
