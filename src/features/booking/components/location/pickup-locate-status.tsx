import { useTranslation } from 'react-i18next';
import type { Place } from '../../../../domain/distance';
import { districtName, findDistrict, placeName } from '../../../../domain/governorates';
import { useDisplayLanguage } from '../../../../i18n/use-display-language';
import type { LocateStatus } from '../../hooks/use-customer-info';

interface PickupLocateStatusProps {
  id: string;
  locate: LocateStatus;
  /** The pickup area chosen on step 1. */
  pickup: Partial<Place>;
  onMoveStartsHere: (area: Place) => void;
  onKeep: () => void;
}

/**
 * What "fill the pickup address from my current location" did (D21), in one live status line;
 * when the position is in another district than the pickup area, the question and its answers:
 * each district the position points to, or keeping the pickup area and typing the address.
 */
export function PickupLocateStatus({
  id,
  locate,
  pickup,
  onMoveStartsHere,
  onKeep,
}: PickupLocateStatusProps) {
  const { t } = useTranslation('booking');
  const language = useDisplayLanguage();
  const chosenDistrict = findDistrict(pickup.governorateId, pickup.districtId);
  const chosen = chosenDistrict ? districtName(chosenDistrict, language) : '';
  const where = (area: Partial<Place>) => placeName(area.governorateId, area.districtId, language);

  const message = (() => {
    switch (locate.kind) {
      case 'filled':
        return locate.area
          ? t('customerInfo.useLocation.filledArea', { place: where(locate.area) })
          : t('customerInfo.useLocation.filledPickup');
      case 'noAddress':
        return t('customerInfo.useLocation.noAddress');
      case 'far':
        return t('customerInfo.useLocation.far', { place: where(pickup) });
      case 'ask':
        return t('customerInfo.useLocation.ask', { chosen });
      case 'kept':
        return t('customerInfo.useLocation.kept', { place: where(pickup) });
      case 'error':
        return t(`customerInfo.useLocation.${locate.reason}`);
      default:
        return null;
    }
  })();

  return (
    <>
      <p
        id={id}
        role="status"
        className={
          locate.kind === 'error'
            ? 'field-error'
            : locate.kind === 'ask'
              ? 'customer-locate-question'
              : 'field-hint'
        }
      >
        {message}
      </p>
      {locate.kind === 'ask' && (
        <div className="customer-locate-answers" role="group" aria-labelledby={id}>
          {locate.offered.map((area) => (
            <button
              key={`${area.governorateId}/${area.districtId}`}
              type="button"
              className="btn btn-secondary"
              onClick={() => onMoveStartsHere(area)}
            >
              {t('customerInfo.useLocation.askUse', { place: where(area) })}
            </button>
          ))}
          <button type="button" className="btn btn-ghost" onClick={onKeep}>
            {t('customerInfo.useLocation.askKeep', { chosen })}
          </button>
        </div>
      )}
    </>
  );
}
