// Order values as words, in either language, without an i18n instance: the CSV export needs them
// for the language the admin is reading, and a pure function is easy to test.
import ar from '../../../locales/ar/admin.json';
import en from '../../../locales/en/admin.json';
import arCommon from '../../../locales/ar/common.json';
import enCommon from '../../../locales/en/common.json';
import arPricing from '../../../locales/ar/pricing.json';
import enPricing from '../../../locales/en/pricing.json';
import type { DisplayLanguage } from '../../domain/locale';
import type { Order } from '../../data/port';
import {
  districtName,
  findDistrict,
  findGovernorate,
  governorateName,
} from '../../domain/governorates';
import { isOrderStatus } from '../../domain/status';

type Bundle = typeof en;
const BUNDLES: Readonly<Record<DisplayLanguage, Bundle>> = { ar, en };
// Statuses are named once, in `common`; move types and housing once, in `pricing`.
const STATUS_LABELS: Readonly<Record<DisplayLanguage, typeof enCommon.status>> = {
  ar: arCommon.status,
  en: enCommon.status,
};
const PRICING: Readonly<Record<DisplayLanguage, typeof enPricing>> = {
  ar: arPricing,
  en: enPricing,
};

export function adminBundle(language: DisplayLanguage): Bundle {
  return BUNDLES[language];
}

/** Looks a value up in one of the `values.*` maps; an unknown value is shown as stored. */
function valueLabel(map: Readonly<Record<string, string>>, value: string): string {
  return Object.hasOwn(map, value) ? map[value]! : value;
}

export function statusLabel(status: string | null | undefined, language: DisplayLanguage): string {
  const labels = STATUS_LABELS[language];
  return isOrderStatus(status) ? labels[status] : labels.unknown;
}

/** "08:00–12:00": the crew window an order holds (D12), as spreadsheets and desks read it. */
export function windowText(order: Pick<Order, 'timeWindow'>): string {
  return order.timeWindow ? `${order.timeWindow.start}–${order.timeWindow.end}` : '';
}

export function orderLabels(order: Order, language: DisplayLanguage) {
  const values = BUNDLES[language].values;
  const governorate = findGovernorate(order.governorateId);
  const district = findDistrict(order.governorateId, order.districtId);
  const dropoffGovernorate = findGovernorate(order.dropoffGovernorateId);
  const dropoffDistrict = findDistrict(order.dropoffGovernorateId, order.dropoffDistrictId);
  return {
    status: statusLabel(order.status, language),
    moveType: Object.hasOwn(PRICING[language].moveTypes, order.moveType)
      ? PRICING[language].moveTypes[order.moveType as keyof typeof enPricing.moveTypes].label
      : order.moveType,
    housing: valueLabel(PRICING[language].housing, order.housing),
    paymentMethod: valueLabel(values.paymentMethod, order.paymentMethod),
    paymentStatus: valueLabel(values.paymentStatus, order.paymentStatus),
    provider: valueLabel(values.provider, order.paymentProvider),
    governorate: governorate ? governorateName(governorate, language) : order.governorateId,
    district: district ? districtName(district, language) : order.districtId,
    dropoffGovernorate: dropoffGovernorate
      ? governorateName(dropoffGovernorate, language)
      : order.dropoffGovernorateId,
    dropoffDistrict: dropoffDistrict
      ? districtName(dropoffDistrict, language)
      : order.dropoffDistrictId,
  };
}

/** A move type's name (`pricing`), or the stored value for one this build does not know. */
export function moveTypeLabel(moveType: string, language: DisplayLanguage): string {
  return Object.hasOwn(PRICING[language].moveTypes, moveType)
    ? PRICING[language].moveTypes[moveType as keyof typeof enPricing.moveTypes].label
    : moveType;
}

export function paymentStatusLabel(status: string, language: DisplayLanguage): string {
  return valueLabel(BUNDLES[language].values.paymentStatus, status);
}

export function paymentMethodLabel(method: string, language: DisplayLanguage): string {
  return valueLabel(BUNDLES[language].values.paymentMethod, method);
}

export function governorateLabel(id: string, language: DisplayLanguage): string {
  const governorate = findGovernorate(id);
  return governorate ? governorateName(governorate, language) : id;
}
