import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const optionalUrl = (protocols: string[]) =>
  optionalText.refine(
    (v) => {
      if (v === undefined) return true;
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z.object({
  PORT: z.coerce
    .number({ message: 'must be a whole number between 0 and 65535' })
    .int('must be a whole number between 0 and 65535')
    .min(0, 'must be a whole number between 0 and 65535')
    .max(65535, 'must be a whole number between 0 and 65535')
    .default(3000),
  HOST: z.string().trim().min(1, 'must not be empty').default('127.0.0.1'),
  PUBLIC_URL: optionalUrl(['http:', 'https:']),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default(path.join(repoRoot, '.data')),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  DEMO_PASSWORD: optionalText,
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  OPENAI_BASE_URL: optionalUrl(['http:', 'https:']),
  OPENAI_API_KEY: optionalText,
  OPENAI_MODEL: optionalText,
  OPENAI_TIMEOUT_MS: z.coerce
    .number({ message: 'must be a whole number of milliseconds (100–300000)' })
    .int('must be a whole number of milliseconds (100–300000)')
    .min(100, 'must be a whole number of milliseconds (100–300000)')
    .max(300_000, 'must be a whole number of milliseconds (100–300000)')
    .default(20_000),
  COGNITO_ISSUER: optionalUrl(['http:', 'https:']),
  COGNITO_CLIENT_ID: optionalText,
  COGNITO_REGION: z.string().trim().min(1, 'must not be empty').default('sa-east-1'),
  COGNITO_ENDPOINT: optionalUrl(['http:', 'https:']),
  /** The built SPA to serve (default apps/web/dist); lets parallel e2e runs use their own build. */
  WEB_DIST_DIR: optionalText,
  LOG_LEVEL: z.enum(logLevels, { message: `must be one of ${logLevels.join(', ')}` }).default('info'),
});

export type Config = Omit<z.infer<typeof envSchema>, 'PUBLIC_URL'> & { PUBLIC_URL: string };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parses the environment once; throws ConfigError listing every problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0]);
        const value = env[name];
        return `${name}: ${issue.message}${value === undefined ? '' : ` (got ${JSON.stringify(value)})`}`;
      }),
    );
  }
  const cfg = parsed.data;
  const problems: string[] = [];
  if (cfg.COGNITO_ISSUER && !cfg.COGNITO_CLIENT_ID) {
    problems.push('COGNITO_CLIENT_ID: required when COGNITO_ISSUER is set');
  }
  if (cfg.OPENAI_BASE_URL && !cfg.OPENAI_MODEL) {
    problems.push('OPENAI_MODEL: required when OPENAI_BASE_URL is set');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const shownHost = cfg.HOST === '0.0.0.0' || cfg.HOST === '::' ? '127.0.0.1' : cfg.HOST;
  return {
    ...cfg,
    DATA_DIR: path.resolve(cfg.DATA_DIR),
    WEB_DIST_DIR: cfg.WEB_DIST_DIR && path.resolve(cfg.WEB_DIST_DIR),
    PUBLIC_URL: (cfg.PUBLIC_URL ?? `http://${shownHost}:${cfg.PORT}`).replace(/\/+$/, ''),
  };
}
