// CSV export of the admin's filtered order list (issue 5). Excel opens a UTF-8 file as Arabic
// only when it starts with a byte-order mark; rows end in CRLF as RFC 4180 says.
import type { Order } from '../../data/port';
import { cairoParts } from '../../domain/datetime';
import type { DisplayLanguage } from '../../domain/locale';
import { adminBundle, orderLabels, statusLabel, windowText } from './order-labels';

export const CSV_BOM = '\uFEFF';
export const CSV_MIME = 'text/csv;charset=utf-8';

const COLUMNS = [
  'orderNumber',
  'id',
  'createdAt',
  'status',
  'fullName',
  'phone',
  'governorate',
  'district',
  'dropoffGovernorate',
  'dropoffDistrict',
  'pickup',
  'dropoff',
  'moveType',
  'housing',
  'pickupFloor',
  'dropoffFloor',
  'workers',
  'moveDate',
  'moveTime',
  'timeWindow',
  'notes',
  'total',
  'distanceKm',
  'distanceFee',
  'catalogVersion',
  'paymentMethod',
  'paymentStatus',
  'provider',
  'history',
] as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:mm` in Cairo: sortable, and every spreadsheet reads it as a date-time. */
export function cairoStamp(iso: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  const p = cairoParts(instant);
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`;
}

/**
 * Digits a spreadsheet would read as a number and so change (D20): a leading zero dropped (a
 * phone, 01…, becomes 1012345678) or, past 15 digits, the last ones rounded to zeros.
 */
const DIGITS_KEPT_AS_TEXT = /^(0\d+|\d{16,})$/;

/**
 * One cell.
 * - Text of digits a spreadsheet would change (a phone's leading zero) is written as the text
 *   formula `="01012345678"`, which Excel, Google Sheets and Numbers show as that text, zero
 *   included. It is only ever digits, so it can carry no formula of its own (D20).
 * - Any other text starting with = + - @ (or a tab or carriage return) would run as a formula
 *   in a spreadsheet (CSV injection), so it gets a leading apostrophe.
 * - A cell with a quote, comma or line break is quoted, its quotes doubled (RFC 4180).
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string') {
    if (DIGITS_KEPT_AS_TEXT.test(text)) text = `="${text}"`;
    else if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  }
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Every field of every order, header translated, values in the admin's language. */
export function ordersToCsv(orders: readonly Order[], language: DisplayLanguage): string {
  const bundle = adminBundle(language);
  const header = COLUMNS.map((column) => bundle.fields[column]);
  const rows = orders.map((order) => {
    const labels = orderLabels(order, language);
    const history = [...order.statusHistory]
      .sort((a, b) => a.at.localeCompare(b.at))
      .map(
        (change) =>
          `${cairoStamp(change.at)} ${statusLabel(change.status, language)} (${bundle.orders.history.actor[change.actor] ?? change.actor})`,
      )
      .join('\n');
    const cells: Record<(typeof COLUMNS)[number], string | number> = {
      orderNumber: order.orderNumber,
      id: order.id,
      createdAt: cairoStamp(order.createdAt),
      status: labels.status,
      fullName: order.fullName,
      phone: order.phoneNumber,
      governorate: labels.governorate,
      district: labels.district,
      dropoffGovernorate: labels.dropoffGovernorate,
      dropoffDistrict: labels.dropoffDistrict,
      pickup: order.pickupAddress,
      dropoff: order.dropoffAddress,
      moveType: labels.moveType,
      housing: labels.housing,
      pickupFloor: order.pickupFloor,
      dropoffFloor: order.dropoffFloor,
      workers: order.workers,
      moveDate: order.moveDate,
      moveTime: order.moveTime,
      timeWindow: windowText(order),
      notes: order.notes,
      total: order.totalPrice,
      distanceKm: order.distanceKm,
      distanceFee: order.distanceFee,
      catalogVersion: order.catalogVersion,
      paymentMethod: labels.paymentMethod,
      paymentStatus: labels.paymentStatus,
      provider: labels.provider,
      history,
    };
    return COLUMNS.map((column) => cells[column]);
  });
  return CSV_BOM + [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** afsh-orders-YYYY-MM-DD.csv, dated in Cairo. */
export function csvFileName(now: Date = new Date()): string {
  const p = cairoParts(now);
  return `afsh-orders-${p.year}-${pad(p.month)}-${pad(p.day)}.csv`;
}

/** A table of figures (the dashboard's, D25) as CSV, through the same cell guard. */
export function tableToCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number)[])[],
): string {
  return CSV_BOM + [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
