// Order values as words, in either language, without an i18n instance: the CSV export needs them
// for the language the admin is reading, and a pure function is easy to test.
import ar from '../../../locales/ar/admin.json';
import en from '../../../locales/en/admin.json';
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

export function adminBundle(language: DisplayLanguage): Bundle {
  return BUNDLES[language];
}

/** Looks a value up in one of the `values.*` maps; an unknown value is shown as stored. */
function valueLabel(map: Readonly<Record<string, string>>, value: string): string {
  return Object.hasOwn(map, value) ? map[value]! : value;
}

export function statusLabel(status: string | null | undefined, language: DisplayLanguage): string {
  const labels = BUNDLES[language].values.status;
  return isOrderStatus(status) ? labels[status] : labels.unknown;
}

export function orderLabels(order: Order, language: DisplayLanguage) {
  const values = BUNDLES[language].values;
  const governorate = findGovernorate(order.governorateId);
  const district = findDistrict(order.governorateId, order.districtId);
  return {
    status: statusLabel(order.status, language),
    moveType: valueLabel(values.moveType, order.moveType),
    housing: valueLabel(values.housing, order.housing),
    paymentMethod: valueLabel(values.paymentMethod, order.paymentMethod),
    paymentStatus: valueLabel(values.paymentStatus, order.paymentStatus),
    provider: valueLabel(values.provider, order.paymentProvider),
    governorate: governorate ? governorateName(governorate, language) : order.governorateId,
    district: district ? districtName(district, language) : order.districtId,
  };
}
