import { z } from 'zod';

// The shapes of notification settings (D10), shared by settings.ts and each channel's provider
// module: an empty variable counts as not set, so `.env` files may leave one blank.

/** `""` is "not set", so defaults apply. */
export const optional = (value: unknown): unknown => (value === '' ? undefined : value);

/** An http(s) address without its trailing slash, `fallback` when not set. */
export const httpUrl = (fallback: string) =>
  z.preprocess(
    optional,
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .transform((url) => url.replace(/\/+$/, ''))
      .default(fallback),
  );

/** Any non-blank text, or not set. */
export const setting = z.preprocess(optional, z.string().trim().min(1).optional());
