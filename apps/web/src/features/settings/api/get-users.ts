import type { TeamUserList } from '@atende/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { teamKeys } from './keys.ts';

/** `GET /api/v1/users`: the organisation's people (admins only). */
export function getUsers(signal?: AbortSignal): Promise<TeamUserList> {
  return api.get<TeamUserList>('/api/v1/users', { signal });
}

export function useUsers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: teamKeys.all(), queryFn: ({ signal }) => getUsers(signal), enabled });
}
