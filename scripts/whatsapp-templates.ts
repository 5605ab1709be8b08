// Prints the WhatsApp message templates Afsh sends (docs/decisions.md D10), one JSON body per
// template and language, ready for Meta's Message Templates API:
//
//   npm run whatsapp:templates > templates.jsonl
//   while read -r body; do
//     curl -sS "https://graph.facebook.com/v26.0/$WABA_ID/message_templates" \
//       -H "Authorization: Bearer $WHATSAPP_ACCESS_TOKEN" -H 'Content-Type: application/json' \
//       -d "$body"; echo
//   done < templates.jsonl
//
// The texts are locales/{ar,en}/notifications.json; each template's named parameters are the
// ones src/domain/notifications.ts (and weekly-summary.ts, for the team's week) fills, so what
// Meta approves is what the server sends.
import { DISPLAY_LANGUAGES } from '../src/domain/locale.ts';
import {
  EXAMPLE_NOTIFIABLE_ORDER,
  NOTIFICATION_TEMPLATES,
  TEMPLATE_PARAMETERS,
  templateParams,
} from '../src/domain/notifications.ts';
import {
  exampleWeeklySummaryParams,
  isWeeklySummaryTemplate,
} from '../src/domain/weekly-summary.ts';
import { loadTemplateResources, TemplateRenderer } from '../server/src/notifications/templates.ts';

const resources = loadTemplateResources();
const renderer = new TemplateRenderer(resources);
for (const language of DISPLAY_LANGUAGES) {
  const texts = (resources[language]!.notifications as { templates: Record<string, string> })
    .templates;
  for (const name of NOTIFICATION_TEMPLATES) {
    const values = isWeeklySummaryTemplate(name)
      ? exampleWeeklySummaryParams(name, language, 'https://afsh.example')
      : templateParams(name, EXAMPLE_NOTIFIABLE_ORDER, language, 'https://afsh.example');
    const { params } = renderer.render(name, language, values, 'whatsapp');
    const body = {
      name,
      language,
      category: 'UTILITY',
      parameter_format: 'NAMED',
      components: [
        {
          type: 'BODY',
          text: texts[name],
          example: {
            body_text_named_params: TEMPLATE_PARAMETERS[name].map((param) => ({
              param_name: param,
              example: params[param],
            })),
          },
        },
      ],
    };
    console.log(JSON.stringify(body));
  }
}
