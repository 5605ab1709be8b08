// The message templates of locales/, bundled into the functions (the deployed bundle has no
// locales/ folder beside it), rendered by the server's renderer: the same text in both builds.
import arNotifications from '../../../locales/ar/notifications.json';
import arPricing from '../../../locales/ar/pricing.json';
import enNotifications from '../../../locales/en/notifications.json';
import enPricing from '../../../locales/en/pricing.json';
import type { RenderTemplate } from '../../../src/domain/notifications.ts';
import { TemplateRenderer } from '../../../server/src/notifications/templates.ts';

let renderer: TemplateRenderer | null = null;

/** One renderer per instance; a template missing a language or a parameter throws here. */
export function templateRenderer(): TemplateRenderer {
  renderer ??= new TemplateRenderer({
    ar: { notifications: arNotifications, pricing: arPricing },
    en: { notifications: enNotifications, pricing: enPricing },
  });
  return renderer;
}

export const renderTemplate: RenderTemplate = (template, language, values, channel) =>
  templateRenderer().render(template, language, values, channel);
