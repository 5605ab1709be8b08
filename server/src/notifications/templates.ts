import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInstance } from 'i18next';
import type { i18n as I18n, Resource } from 'i18next';
import { DISPLAY_LANGUAGES } from '../../../src/domain/locale.ts';
import type { DisplayLanguage } from '../../../src/domain/locale.ts';
import { NOTIFICATION_TEMPLATES, TEMPLATE_PARAMETERS } from '../../../src/domain/notifications.ts';
import type {
  NotificationChannel,
  NotificationTemplate,
  TemplateValue,
} from '../../../src/domain/notifications.ts';
import { MOVE_TYPES } from '../../../src/domain/pricing.ts';
import { WEEKLY_SUMMARY_TEMPLATES } from '../../../src/domain/weekly-summary.ts';

/** The templates the company hears on email too, each with a subject. */
const TEAM_TEMPLATES = [
  'company_new_order',
  ...WEEKLY_SUMMARY_TEMPLATES,
] as const satisfies readonly NotificationTemplate[];

/** `locales/` at the repository root, wherever the process was started from. */
export const LOCALES_DIR = fileURLToPath(new URL('../../../locales/', import.meta.url));

/** The bundles messages are made from: the templates, and the move types' names. */
export const TEMPLATE_NAMESPACES = ['notifications', 'pricing'] as const;

/** Reads the bundles the renderer needs from `locales/{ar,en}/`. */
export function loadTemplateResources(dir: string = LOCALES_DIR): Resource {
  const resources: Resource = {};
  for (const language of DISPLAY_LANGUAGES) {
    resources[language] = Object.fromEntries(
      TEMPLATE_NAMESPACES.map((namespace) => [
        namespace,
        JSON.parse(readFileSync(join(dir, language, `${namespace}.json`), 'utf8')) as object,
      ]),
    );
  }
  return resources;
}

/** A message made from its template: its text, and (for email) a subject. */
export interface RenderedMessage {
  /** The parameters as the text shows them: what WhatsApp fills its template with. */
  params: Record<string, string>;
  body: string;
  subject: string;
}

const PLACEHOLDER = /\{\{\s*([a-z_]+)\s*\}\}/g;

function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ''))].sort();
}

/**
 * Renders messages from the translation bundles in `locales/` (the same i18next the screens
 * use). Built once; `check()` ran at construction, so a template with a missing language or a
 * wrong parameter stops the server at start-up rather than failing a booking.
 */
export class TemplateRenderer {
  readonly #i18n: I18n;

  constructor(resources: Resource = loadTemplateResources()) {
    const i18n = createInstance();
    void i18n.init({
      resources,
      lng: 'ar',
      fallbackLng: false,
      supportedLngs: [...DISPLAY_LANGUAGES],
      ns: [...TEMPLATE_NAMESPACES],
      defaultNS: 'notifications',
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    this.#i18n = i18n;
    const problems = this.check();
    if (problems.length > 0) {
      throw new Error(`Notification templates are incomplete:\n  - ${problems.join('\n  - ')}`);
    }
  }

  /** Every template and phrase a message can use, in both languages, with its parameters. */
  check(): string[] {
    const problems: string[] = [];
    const need = (language: DisplayLanguage, key: string) => {
      if (!this.#i18n.exists(key, { lng: language }))
        problems.push(`${language}: ${key} is missing`);
    };
    for (const language of DISPLAY_LANGUAGES) {
      for (const template of NOTIFICATION_TEMPLATES) {
        const key = `notifications:templates.${template}`;
        need(language, key);
        const text = this.#raw(key, language);
        const expected = [...TEMPLATE_PARAMETERS[template]].sort();
        if (text !== null && placeholders(text).join() !== expected.join()) {
          problems.push(
            `${language}: ${key} uses {${placeholders(text).join(', ')}}, ` +
              `expected {${expected.join(', ')}}`,
          );
        }
      }
      // The team's messages, which also go by email, have a subject.
      for (const template of TEAM_TEMPLATES) need(language, `notifications:subjects.${template}`);
      for (const phrase of ['cod', 'card', 'cardTest'])
        need(language, `notifications:payment.${phrase}`);
      for (const moveType of MOVE_TYPES) need(language, `pricing:moveTypes.${moveType}.label`);
    }
    return problems;
  }

  #raw(key: string, language: DisplayLanguage): string | null {
    const value: unknown = this.#i18n.getResource(
      language,
      key.split(':')[0] ?? '',
      key.split(':')[1] ?? '',
    );
    return typeof value === 'string' ? value : null;
  }

  render(
    template: NotificationTemplate,
    language: DisplayLanguage,
    values: Record<string, TemplateValue>,
    channel: NotificationChannel,
  ): RenderedMessage {
    const t = this.#i18n.getFixedT(language);
    const params = Object.fromEntries(
      Object.entries(values).map(([name, value]) => [
        name,
        typeof value === 'string' ? value : t(value.key),
      ]),
    );
    const body = t(`notifications:templates.${template}`, params);
    const subjectKey = `notifications:subjects.${template}`;
    const subject =
      channel === 'email' && this.#i18n.exists(subjectKey, { lng: language })
        ? t(subjectKey, params)
        : '';
    return { params, body, subject };
  }
}
