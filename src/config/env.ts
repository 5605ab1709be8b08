import { z } from 'zod';

// Validated once at start-up: a bad build-time setting fails loudly instead of half-working.
const digits = z.string().regex(/^\+?[0-9]{6,15}$/, 'must be digits, optionally with a leading +');

const envSchema = z.object({
  backend: z.enum(['http', 'firebase']),
  phoneNumber: digits,
  whatsappNumber: digits,
  geocodeUrl: z.url(),
});

export type AppEnv = z.infer<typeof envSchema>;

export function parseEnv(raw: Record<string, string | boolean | undefined>): AppEnv {
  const result = envSchema.safeParse({
    backend: raw.VITE_BACKEND || 'http',
    phoneNumber: raw.VITE_PHONE_NUMBER || '+201000000000',
    whatsappNumber: raw.VITE_WHATSAPP_NUMBER || '201000000000',
    geocodeUrl: raw.VITE_GEOCODE_URL || 'https://nominatim.openstreetmap.org/reverse',
  });
  if (!result.success) {
    throw new Error(`Invalid build configuration: ${z.prettifyError(result.error)}`);
  }
  return result.data;
}

export const env: AppEnv = parseEnv(import.meta.env);
