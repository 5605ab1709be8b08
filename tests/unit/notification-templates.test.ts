import { describe, expect, it } from 'vitest';
import {
  EXAMPLE_NOTIFIABLE_ORDER,
  NOTIFICATION_TEMPLATES,
  templateParams,
  type NotifiableOrder,
} from '../../src/domain/notifications';
import {
  exampleWeeklySummaryParams,
  isWeeklySummaryTemplate,
  WEEKLY_SUMMARY_TEMPLATES,
} from '../../src/domain/weekly-summary';
import { loadTemplateResources, TemplateRenderer } from '../../server/src/notifications/templates';

// The message templates in locales/{ar,en}/notifications.json (D10): every template in both
// languages with exactly its named parameters (the ones its WhatsApp twin is registered with).

const order: NotifiableOrder = {
  ...EXAMPLE_NOTIFIABLE_ORDER,
  orderNumber: 'AF-20260315-123',
  moveType: 'office',
  paymentMethod: 'card',
  paymentStatus: 'paid',
  paymentProvider: 'test',
  governorateId: 'giza',
  districtId: 'dokki',
};

function withTemplate(language: 'ar' | 'en', template: string, text: string | undefined) {
  const resources = loadTemplateResources();
  const bundle = resources[language]!.notifications as { templates: Record<string, string> };
  if (text === undefined) delete bundle.templates[template];
  else bundle.templates[template] = text;
  return resources;
}

describe('notification templates', () => {
  it('render every template in both languages, every placeholder filled', () => {
    const renderer = new TemplateRenderer();
    for (const language of ['ar', 'en'] as const) {
      for (const template of NOTIFICATION_TEMPLATES) {
        if (isWeeklySummaryTemplate(template)) continue;
        const values = templateParams(template, order, language, 'https://afsh.example');
        const { body, params } = renderer.render(template, language, values, 'whatsapp');
        expect(body, `${language} ${template}`).not.toMatch(/\{\{|\}\}|notifications:|pricing:/);
        expect(body).toContain('AF-20260315-123');
        for (const value of Object.values(params)) expect(body).toContain(value);
      }
      // The team's week (D27): about no order, each value filled and one line (WhatsApp).
      for (const template of WEEKLY_SUMMARY_TEMPLATES) {
        const values = exampleWeeklySummaryParams(template, language, 'https://afsh.example');
        const { body, params, subject } = renderer.render(template, language, values, 'email');
        expect(body, `${language} ${template}`).not.toMatch(/\{\{|\}\}|notifications:/);
        for (const value of Object.values(params)) {
          expect(value).not.toBe('');
          expect(value).not.toMatch(/\n/);
          expect(body).toContain(value);
        }
        expect(subject).toContain(params.week);
      }
    }
    const week = renderer.render(
      'weekly_summary',
      'ar',
      exampleWeeklySummaryParams('weekly_summary', 'ar', 'https://afsh.example'),
      'email',
    );
    expect(week.subject).toBe('ملخص عفش الأسبوعي: السبت، ٢١ نوفمبر – الجمعة، ٢٧ نوفمبر');
    expect(week.body).toContain('الحجوزات: ٤٢، أُلغي منها: ٣.');
    expect(week.body).toContain('مدفوع: \u200f٣٨٬٥٠٠\u00a0ج.م.\u200f');
    expect(week.body).not.toMatch(/[0-9]/);
    const arabic = renderer.render(
      'company_new_order',
      'ar',
      templateParams('company_new_order', order, 'ar', 'https://afsh.example'),
      'email',
    );
    expect(arabic.subject).toBe('طلب جديد AF-20260315-123');
    expect(arabic.params.move_type).toBe('نقل مكاتب');
    expect(arabic.params.payment).toBe('دفع تجريبي بالبطاقة، لم تُحوَّل أي أموال');
    // Only email has a subject.
    expect(
      renderer.render(
        'order_created',
        'en',
        templateParams('order_created', order, 'en', ''),
        'sms',
      ).subject,
    ).toBe('');
  });

  it('refuse to start with a wrong parameter or a missing language', () => {
    expect(
      () =>
        new TemplateRenderer(
          withTemplate(
            'en',
            'order_created',
            'Order {{order_number}} on {{date}}: {{tracking_url}}',
          ),
        ),
    ).toThrow(
      /en: notifications:templates\.order_created uses \{date, order_number, tracking_url\}/,
    );
    expect(() => new TemplateRenderer(withTemplate('ar', 'payment_confirmed', undefined))).toThrow(
      /ar: notifications:templates\.payment_confirmed is missing/,
    );
  });
});
