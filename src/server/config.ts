import { z } from 'zod';
import { COUNTRIES } from '../contract';

const optionalUrl = z.string().url().optional().or(z.literal('').transform(() => undefined));

/** The environment the server reads, validated once at start; a bad value stops the start. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  REDIS_URL: optionalUrl,
  COUNTRY: z.enum(COUNTRIES).default('TH'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Comma-separated origins allowed to call the API from another site; none by default. */
  CORS_ORIGINS: z.string().default(''),
  /** Directory of the built client; the SPA is served from it when it exists. */
  CLIENT_DIR: z.string().default('./dist'),
  /** sandbox: built-in simulators stand in for SMS, game providers, gateways and slip checks. */
  MODE: z.enum(['sandbox', 'live']).default('sandbox'),
});

export type Config = z.infer<typeof configSchema> & {
  /** Built-in simulators stand in for every outside service. Refused when NODE_ENV=production. */
  sandbox: boolean;
};

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`invalid configuration: ${problems}`);
  }
  const values = parsed.data;
  const sandbox = values.MODE === 'sandbox';
  if (sandbox && values.NODE_ENV === 'production') {
    throw new ConfigError('sandbox mode is refused when NODE_ENV=production: configure the real providers');
  }
  return { ...values, sandbox };
}
