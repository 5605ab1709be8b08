import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ForwardArrowIcon } from '../../../../components/ui/icons';
import type { DistrictCandidate } from '../../../../domain/district-match';
import {
  districtName,
  findDistrict,
  findGovernorate,
  governorateName,
} from '../../../../domain/governorates';
import type { DisplayLanguage } from '../../../../domain/locale';
import { formatDigits } from '../../../../domain/money';
import { useDisplayLanguage } from '../../../../i18n/use-display-language';
import { ListIcon } from './location-icons';

const ARABIC_DECIMAL_SEPARATOR = '\u066B';

/**
 * A straight-line distance as the customer reads it: tenths under 10 km ("0.6", "٠٫٦"), whole
 * kilometres beyond, never "0.0" for a position on a district's centre.
 */
export function formatKm(km: number, language: DisplayLanguage): string {
  const text = km < 10 ? Math.max(km, 0.1).toFixed(1) : String(Math.round(km));
  return language === 'ar' ? formatDigits(text.replace('.', ARABIC_DECIMAL_SEPARATOR), 'ar') : text;
}

interface NearbyDistrictsProps {
  idPrefix: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** Why there is a choice: several districts near, or no address for the position (D21). */
  why: 'near' | 'noAddress';
  candidates: readonly DistrictCandidate[];
  onChoose: (candidate: DistrictCandidate) => void;
  onList: () => void;
  onBack: () => void;
}

/**
 * After a GPS lookup that did not find one district clearly (D21): the nearest two or three as
 * buttons, nearest first, each with its governorate and its distance in the page's digits, then
 * the full list.
 */
export function NearbyDistricts({
  idPrefix,
  headingRef,
  why,
  candidates,
  onChoose,
  onList,
  onBack,
}: NearbyDistrictsProps) {
  const { t } = useTranslation('booking');
  const language = useDisplayLanguage();
  const titleId = `${idPrefix}-nearby-title`;
  const leadId = `${idPrefix}-nearby-lead`;

  return (
    <section
      className="booking-card location-nearby"
      aria-labelledby={titleId}
      aria-describedby={leadId}
    >
      <h2 id={titleId} ref={headingRef} tabIndex={-1} className="booking-card-title">
        {t('selectCity.nearby.title')}
      </h2>
      <p id={leadId} className={why === 'noAddress' ? 'alert location-note' : 'muted'}>
        {t(why === 'noAddress' ? 'selectCity.nearby.noAddress' : 'selectCity.nearby.lead')}
      </p>
      <ul className="location-nearby-list">
        {candidates.map((candidate) => {
          const governorate = findGovernorate(candidate.governorateId);
          const district = findDistrict(candidate.governorateId, candidate.districtId);
          if (!governorate || !district) return null;
          return (
            <li key={`${candidate.governorateId}/${candidate.districtId}`}>
              <button
                type="button"
                className="location-choice location-nearby-choice"
                onClick={() => onChoose(candidate)}
              >
                <span className="location-choice-text">
                  <span className="location-choice-title">{districtName(district, language)}</span>
                  <span className="location-choice-desc">
                    {t('selectCity.nearby.where', {
                      governorate: governorateName(governorate, language),
                      km: formatKm(candidate.km, language),
                    })}
                  </span>
                </span>
                <ForwardArrowIcon className="location-choice-arrow" />
              </button>
            </li>
          );
        })}
      </ul>
      <div className="location-nearby-actions">
        <button type="button" className="btn btn-secondary" onClick={onList}>
          <ListIcon />
          {t('selectCity.nearby.list')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onBack}>
          {t('selectCity.manual.backToChoice')}
        </button>
      </div>
    </section>
  );
}
