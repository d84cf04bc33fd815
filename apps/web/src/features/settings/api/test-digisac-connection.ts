import type { DigisacConnectionTest, DigisacConnectionTestBody } from '@atende/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * `POST /api/v1/tenants/settings/digisac/test`: asks DigiSac (through our server) who the token
 * belongs to. Only the values the user typed go in the body; an empty body tests the stored host
 * and token. 200 `{ok, user_name, message}` either way (a credential or upstream problem is
 * `ok: false`); a malformed host is a field-named 400.
 */
export function testDigisacConnection(
  body: NonNullable<DigisacConnectionTestBody>,
): Promise<DigisacConnectionTest> {
  return api.post<DigisacConnectionTest>('/api/v1/tenants/settings/digisac/test', body);
}

/** Nothing is cached: each press asks again. */
export function useTestDigisacConnection() {
  return useMutation({ mutationFn: testDigisacConnection });
}
