/**
 * A stand-in for `fetch` answering by path: /config.json and the demo tenant as the server does,
 * and whatever the test adds. Unknown paths answer 404 in the API's error shape.
 */
import { vi } from 'vitest';

export const testRuntimeConfig = {
  idp: {
    endpoint: 'http://127.0.0.1:3000',
    region: 'sa-east-1',
    userPoolId: 'sa-east-1_atende',
    clientId: 'atende-web',
  },
};

type Route = (request: Request) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export const demoTenant = { id: 'tenant-1', name: 'Demonstração', slug: 'demo', role: 'admin' };

export function stubServer(routes: Record<string, Route> = {}) {
  const all: Record<string, Route> = {
    '/config.json': () => json(testRuntimeConfig),
    '/api/v1/tenants/current': () => json(demoTenant),
    ...routes,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(
      new URL(String(input instanceof Request ? input.url : input), 'http://localhost'),
      init,
    );
    const route = all[new URL(request.url).pathname];
    if (route) return route(request);
    return json({ code: 'not_found', detail: 'Rota não encontrada.', request_id: 'test' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
