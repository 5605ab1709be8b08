import type { AppEnv } from './env-schema';

declare const __AFSH_ENV__: AppEnv;

/** The build-time settings, validated by vite.config.ts with `parseEnv` before they were baked in. */
export const env: AppEnv = __AFSH_ENV__;
export type { AppEnv };
