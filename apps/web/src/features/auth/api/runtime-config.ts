import type { RuntimeConfig } from '@atende/contracts';
import { AuthFlowError } from './auth-flow-error.ts';

const configUnavailable = 'Não foi possível carregar as configurações de login. Recarregue a página.';

function text(value: unknown): string {
  if (typeof value !== 'string' || value === '') throw new AuthFlowError(configUnavailable);
  return value;
}

// Checked by hand rather than with runtimeConfigSchema: zod would add ~27 kB gzip to the auth
// chunk for four strings. Building the object field by field keeps this in step with the
// contract: a field added to RuntimeConfig fails to compile here.
function parseRuntimeConfig(body: unknown): RuntimeConfig {
  const idp: unknown =
    typeof body === 'object' && body !== null ? (body as { idp?: unknown }).idp : undefined;
  if (typeof idp !== 'object' || idp === null) throw new AuthFlowError(configUnavailable);
  const { endpoint, region, userPoolId, clientId } = idp as Record<string, unknown>;
  return {
    idp: {
      endpoint: text(endpoint),
      region: text(region),
      userPoolId: text(userPoolId),
      clientId: text(clientId),
    },
  };
}

/** `GET /config.json`: where the identity provider is, so one build serves any deployment. */
export async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetch('/config.json', { headers: { Accept: 'application/json' } });
  } catch (cause) {
    throw new AuthFlowError(configUnavailable, { cause });
  }
  if (!response.ok) throw new AuthFlowError(configUnavailable);
  return parseRuntimeConfig(await response.json().catch(() => null));
}
