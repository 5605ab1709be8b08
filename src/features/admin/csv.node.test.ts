import { describe, expect, it } from 'vitest';
import type { Order } from '../../data/port';
import { CSV_BOM, csvCell, csvFileName, ordersToCsv } from './csv';
import { parseCsv } from './testing-csv';
import { orderInput } from './testing-orders';

/** A stored cash order, as the backend returns it; fixed dates keep the expected cells stable. */
function order(overrides: Partial<Order> = {}): Order {
  return {
    ...orderInput({ moveDate: '2026-01-10' }),
    // Optional when placing an order, always present once stored.
    notes: '',
    id: 'o-1',
    orderNumber: 'AF-20260105-123',
    userId: 'u-1',
    currency: 'EGP',
    paymentStatus: 'pending',
    paymentProvider: 'cash',
    status: 'received',
    statusHistory: [{ status: 'received', at: '2026-01-05T08:00:00.000Z', actor: 'system' }],
    createdAt: '2026-01-05T08:00:00.000Z',
    dropoffGovernorateId: 'alexandria',
    dropoffDistrictId: 'smouha',
    timeWindow: { id: 'morning', start: '08:00', end: '12:00' },
    catalogVersion: 2,
    distanceKm: 231,
    distanceFee: 2060,
    ...overrides,
  };
}

/** Where `needle` starts in `haystack`, or -1. */
function indexOfBytes(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i += 1) {
    for (let j = 0; j < needle.length; j += 1) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

describe('ordersToCsv', () => {
  it('starts with the UTF-8 BOM, has a header and one row per order, CRLF line ends', () => {
    const csv = ordersToCsv([order(), order({ id: 'o-2', orderNumber: 'AF-20260105-456' })], 'en');
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    const rows = parseCsv(csv.slice(1));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain('Order number');
    expect(rows[0]).toContain('Workers');
    expect(rows[0]).toContain('Payment provider');
    expect(rows.every((r) => r.length === rows[0]!.length)).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('writes every field, with labels in the chosen language and Cairo times', () => {
    const rows = parseCsv(ordersToCsv([order()], 'en').slice(1));
    const [header, row] = rows as [string[], string[]];
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell('Order number')).toBe('AF-20260105-123');
    expect(cell('ID')).toBe('o-1');
    expect(cell('Name')).toBe('Mona Hassan');
    // Kept as text by a spreadsheet: the formula that shows it with its leading zero (D20).
    expect(cell('Phone')).toBe('="01012345678"');
    expect(cell('Governorate')).toBe('Cairo');
    expect(cell('Drop-off governorate')).toBe('Alexandria');
    expect(cell('Drop-off district')).toBe('Smouha');
    expect(cell('Time window')).toBe('08:00–12:00');
    expect(cell('Distance (km)')).toBe('231');
    expect(cell('Distance fee (EGP)')).toBe('2060');
    expect(cell('Price version')).toBe('2');
    expect(cell('Move type')).toBe('Full move');
    expect(cell('Workers')).toBe('4');
    expect(cell('Total (EGP)')).toBe('2650');
    expect(cell('Payment method')).toBe('Cash on delivery');
    expect(cell('Payment status')).toBe('Pending');
    expect(cell('Status')).toBe('Order received');
    // 08:00 UTC in January is 10:00 in Cairo (UTC+2).
    expect(cell('Created at')).toBe('2026-01-05 10:00');
    expect(cell('Status history')).toBe('2026-01-05 10:00 Order received (system)');
  });

  it('translates the header and values into Arabic', () => {
    const rows = parseCsv(ordersToCsv([order()], 'ar').slice(1));
    expect(rows[0]).toContain('رقم الطلب');
    expect(rows[0]).toContain('عدد العمال');
    expect(rows[1]).toContain('تم استلام الطلب');
    expect(rows[1]).toContain('الدفع عند الاستلام');
    expect(rows[1]).toContain('القاهرة');
  });

  it('quotes commas, quotes and line breaks', () => {
    const notes = 'Fragile, "glass"\nthird floor';
    const rows = parseCsv(ordersToCsv([order({ notes })], 'en').slice(1));
    expect(rows[1]![rows[0]!.indexOf('Notes')]).toBe(notes);
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\r\nbreak')).toBe('"line\r\nbreak"');
    expect(csvCell('plain')).toBe('plain');
  });

  it('defuses spreadsheet formulas (CSV injection)', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell('+201012345678')).toBe("'+201012345678");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    // Numbers are numbers, not text that could be a formula.
    expect(csvCell(-5)).toBe('-5');
    const rows = parseCsv(ordersToCsv([order({ fullName: '=cmd|calc' })], 'en').slice(1));
    expect(rows[1]![rows[0]!.indexOf('Name')]).toBe("'=cmd|calc");
  });

  it('keeps leading zeros: digits a spreadsheet would change become a text formula (D20)', () => {
    expect(csvCell('01012345678')).toBe('"=""01012345678"""');
    expect(csvCell('0123')).toBe('"=""0123"""');
    // 16 digits and more: a spreadsheet keeps 15 and rounds the rest to zeros.
    expect(csvCell('1234567890123456')).toBe('"=""1234567890123456"""');
    // A number, a lone zero, and digits without a leading zero are numbers as they are.
    expect(csvCell(42)).toBe('42');
    expect(csvCell('0')).toBe('0');
    expect(csvCell('2026')).toBe('2026');
    // Not only digits: no formula, whatever the rest.
    expect(csvCell('0101 234 5678')).toBe('0101 234 5678');
    expect(csvCell('AF-20260105-123')).toBe('AF-20260105-123');
  });

  it('writes the phone, and a customer’s digits-only notes, as text formulas in the file’s bytes', () => {
    const bytes = new TextEncoder().encode(
      ordersToCsv([order({ phoneNumber: '01012345678', notes: '0123' })], 'en'),
    );
    // UTF-8 with the BOM Excel needs for Arabic.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.subarray(3));
    // Byte for byte: a quoted field whose content is ="01012345678", between two commas.
    const phone = new TextEncoder().encode(',"=""01012345678""",');
    expect(indexOfBytes(bytes, phone)).toBeGreaterThan(0);
    expect([...phone]).toEqual([
      0x2c,
      0x22,
      0x3d,
      0x22,
      0x22,
      ...[...'01012345678'].map((c) => c.charCodeAt(0)),
      0x22,
      0x22,
      0x22,
      0x2c,
    ]);
    expect(text).toContain(',"=""0123""",');
    // Read back as a spreadsheet reads a CSV: the cells' contents are the formulas.
    const [header, row] = parseCsv(text) as [string[], string[]];
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell('Phone')).toBe('="01012345678"');
    expect(cell('Notes')).toBe('="0123"');
    // The order number, floors and money stay plain.
    expect(cell('Order number')).toBe('AF-20260105-123');
    expect(cell('Workers')).toBe('4');
  });

  it('keeps the formula-injection guard for what customers type, even around digits', () => {
    const rows = parseCsv(
      ordersToCsv(
        [
          order({
            fullName: '=HYPERLINK("http://evil","0101")',
            notes: '="0123"&HYPERLINK("http://evil")',
            pickupAddress: '+0101 street',
          }),
        ],
        'en',
      ).slice(1),
    );
    const [header, row] = rows as [string[], string[]];
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell('Name')).toBe('\'=HYPERLINK("http://evil","0101")');
    expect(cell('Notes')).toBe('\'="0123"&HYPERLINK("http://evil")');
    expect(cell('Pickup address')).toBe("'+0101 street");
    // Every formula in the file is one of ours: =" then digits then ".
    for (const value of row) {
      if (value.startsWith('=')) expect(value).toMatch(/^="\d+"$/);
    }
  });

  it('shows "unknown" for a status outside the lifecycle', () => {
    const rows = parseCsv(
      ordersToCsv([order({ status: 'processing' as Order['status'] })], 'en').slice(1),
    );
    expect(rows[1]![rows[0]!.indexOf('Status')]).toBe('Unknown');
  });

  it('names the file afsh-orders-YYYY-MM-DD.csv in Cairo time', () => {
    // 23:30 UTC on 5 Jan is already 6 Jan in Cairo.
    expect(csvFileName(new Date('2026-01-05T23:30:00Z'))).toBe('afsh-orders-2026-01-06.csv');
  });
});
