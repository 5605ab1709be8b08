import { z } from 'zod';

// Build-time settings, validated when Vite builds (vite.config.ts) so a bad value fails the build
// with a readable message instead of shipping a half-working bundle. The validated object is baked
// into the bundle, so zod itself never has to load on a visitor's phone for this.
const digits = z.string().regex(/^\+?[0-9]{6,15}$/, 'must be digits, optionally with a leading +');

const envSchema = z.object({
  backend: z.enum(['http', 'firebase']),
  phoneNumber: digits,
  whatsappNumber: digits,
  geocodeUrl: z.url(),
  /** Where the site is published: canonical and hreflang links must be absolute. */
  siteUrl: z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, '')),
});

export type AppEnv = z.infer<typeof envSchema>;

export function parseEnv(raw: Record<string, string | boolean | undefined>): AppEnv {
  const result = envSchema.safeParse({
    backend: raw.VITE_BACKEND || 'http',
    phoneNumber: raw.VITE_PHONE_NUMBER || '+201000000000',
    whatsappNumber: raw.VITE_WHATSAPP_NUMBER || '201000000000',
    geocodeUrl: raw.VITE_GEOCODE_URL || 'https://nominatim.openstreetmap.org/reverse',
    siteUrl: raw.VITE_SITE_URL || 'http://localhost:8080',
  });
  if (!result.success) {
    throw new Error(`Invalid build configuration: ${z.prettifyError(result.error)}`);
  }
  return result.data;
}
