import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, StatusBadge } from '../../../components/ui/badges';
import { MapPinIcon, PhoneIcon, WhatsAppIcon } from '../../../components/ui/icons';
import { PhoneNumber } from '../../../components/ui/phone-number';
import { formatMoveDay, formatTimeRange } from '../../../domain/datetime';
import type { CrewJob } from '../../../domain/field';
import { findDistrict, findGovernorate, placeName } from '../../../domain/governorates';
import { formatMoney, formatNumber } from '../../../domain/money';
import { toE164Egyptian } from '../../../domain/phone';
import { MOVE_TYPES } from '../../../domain/pricing';
import { statusLabelKey, type FieldStatus } from '../../../domain/status';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import type { ShownJob } from '../job-view';

type Address = CrewJob['pickup'];

/**
 * A Google Maps search for an address, its district and governorate, which opens the maps app
 * on a phone. In Arabic whatever the page's language: the customer wrote the street in Arabic,
 * and one language throughout searches best.
 */
export function mapLink(address: Address): string {
  const district = findDistrict(address.governorateId, address.districtId);
  const governorate = findGovernorate(address.governorateId);
  const query = [address.address.trim(), district?.ar, governorate?.ar].filter(Boolean).join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** The customer's mobile as tel: and wa.me want it (+20…, 20…), or as it is when it is no Egyptian mobile. */
function phoneLinks(phone: string) {
  const e164 = toE164Egyptian(phone);
  return {
    tel: `tel:${e164 ?? phone.replace(/[^\d+]/g, '')}`,
    whatsapp: `https://wa.me/${(e164 ?? phone).replace(/\D/g, '')}`,
  };
}

function AddressBlock({ kind, address }: { kind: 'pickup' | 'dropoff'; address: Address }) {
  const { t } = useTranslation('crew');
  const language = useDisplayLanguage();
  const place = placeName(address.governorateId, address.districtId, language);
  return (
    <div className="crew-address">
      <dt>{t(`job.${kind}`)}</dt>
      <dd>
        <p className="crew-address-text">
          <bdi>{address.address}</bdi>
        </p>
        <p className="crew-address-place">
          {place}
          {place && ' · '}
          {address.floor === 0
            ? t('job.groundFloor')
            : t('job.floor', { floor: formatNumber(address.floor, language) })}
        </p>
        <a
          className="btn btn-secondary crew-map"
          href={mapLink(address)}
          target="_blank"
          rel="noopener noreferrer"
        >
          <MapPinIcon />
          {t('job.map.open')} <span className="visually-hidden">{t(`job.map.${kind}`)}</span>
        </a>
      </dd>
    </div>
  );
}

export interface JobCardProps {
  shown: ShownJob;
  /** The reason the backend gave for dropping this job's last tap, translated. */
  refusal?: string | null;
  /** A field button; `delivered` opens the delivery dialog instead. */
  onStep(status: FieldStatus): void;
}

/** One job of the crew's day (D28): where, when, for whom, what to collect, and its next step. */
export function JobCard({ shown, refusal, onStep }: JobCardProps) {
  const { t } = useTranslation(['crew', 'common', 'pricing']);
  const language = useDisplayLanguage();
  const ids = useId();
  const { job, waiting } = shown;
  const [main, ...others] = job.next;
  const links = phoneLinks(job.customerPhone);
  const moveType = (MOVE_TYPES as readonly string[]).includes(job.moveType)
    ? t(`pricing:moveTypes.${job.moveType}.label`)
    : job.moveType;

  return (
    <article className="card crew-job" aria-labelledby={`${ids}-title`}>
      <header className="crew-job-head">
        <h3 id={`${ids}-title`} className="crew-job-time">
          <bdi>{formatTimeRange(job.start, job.end, language)}</bdi>
          <span className="visually-hidden">
            {' '}
            {t('crew:job.number')} {job.orderNumber}
          </span>
        </h3>
        <p className="crew-job-number">
          <span className="muted">{t('crew:job.number')}</span>{' '}
          <bdi dir="ltr" className="ltr-value">
            {job.orderNumber}
          </bdi>
        </p>
        <div className="crew-job-badges">
          <StatusBadge status={job.status}>
            <span className="visually-hidden">{t('crew:job.status')}: </span>
            {t(`common:${statusLabelKey(job.status)}`)}
          </StatusBadge>
          {waiting.length > 0 && <Badge tone="warning">{t('crew:job.waiting')}</Badge>}
        </div>
      </header>

      {job.lastDate && job.lastDate !== job.date && (
        <p className="crew-job-spans">
          {t('crew:job.spans', { date: formatMoveDay(job.lastDate, language) })}
        </p>
      )}

      {job.collectCash !== null && (
        <p className="crew-job-cash">
          {t('crew:job.collectCash', { amount: formatMoney(job.collectCash, language) })}
        </p>
      )}

      <dl className="crew-job-facts">
        <div>
          <dt>{t('crew:job.moveType')}</dt>
          <dd>{moveType}</dd>
        </div>
        <div>
          <dt>{t('crew:job.customer')}</dt>
          <dd>
            <bdi>{job.customerName}</bdi> <PhoneNumber value={job.customerPhone} />
          </dd>
        </div>
        <AddressBlock kind="pickup" address={job.pickup} />
        <AddressBlock kind="dropoff" address={job.dropoff} />
        <div>
          <dt>{t('crew:job.workers')}</dt>
          <dd>
            {t('crew:job.workersValue', {
              count: job.workers,
              value: formatNumber(job.workers, language),
            })}
          </dd>
        </div>
        <div>
          <dt>{t('crew:job.price')}</dt>
          <dd>
            <bdi>{formatMoney(job.totalPrice, language)}</bdi>
            {job.collectCash === null && (
              <span className="muted"> · {t('crew:job.nothingToCollect')}</span>
            )}
          </dd>
        </div>
        {job.notes.trim() !== '' && (
          <div className="crew-job-notes">
            <dt>{t('crew:job.notes')}</dt>
            <dd>
              <bdi>{job.notes}</bdi>
            </dd>
          </div>
        )}
      </dl>

      <div className="crew-job-contact">
        <a className="btn btn-secondary" href={links.tel}>
          <PhoneIcon />
          {t('crew:job.call')}{' '}
          <span className="visually-hidden">
            {t('crew:job.callLabel', { name: job.customerName })}
          </span>
        </a>
        <a
          className="btn btn-secondary"
          href={links.whatsapp}
          target="_blank"
          rel="noopener noreferrer"
        >
          <WhatsAppIcon />
          {t('crew:job.whatsapp')}
          <span className="visually-hidden">
            {t('crew:job.whatsappLabel', { name: job.customerName })}
          </span>
        </a>
      </div>

      {refusal && (
        <p className="alert alert-error crew-job-refused" role="alert">
          {refusal}
        </p>
      )}

      {main ? (
        <div className="crew-job-steps">
          <button
            type="button"
            className="btn btn-primary btn-lg btn-block crew-step"
            onClick={() => onStep(main)}
          >
            {t(`crew:action.${main}`)}
          </button>
          {others.map((status) => (
            <button
              key={status}
              type="button"
              className="btn btn-secondary btn-block"
              onClick={() => onStep(status)}
            >
              {t(`crew:action.${status}`)}
            </button>
          ))}
        </div>
      ) : (
        <p className="crew-job-done muted">
          {job.status === 'delivered' ? t('crew:job.done') : t('crew:job.noStep')}
        </p>
      )}
    </article>
  );
}
