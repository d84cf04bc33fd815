// A fake DigiSac server for tests, the e2e run and trying the DigiSac tab locally
// (`npm run fake-digisac`): it speaks the shapes of ../shared/integrations/digisac.md — the list
// envelope, its error bodies — over a few hundred generated tickets. Plain HTTP on 127.0.0.1: the
// server must run with DIGISAC_ALLOW_PRIVATE_HOSTS=true to reach it.
//
// Tokens: `fakeDigisacToken` works; `token-lento` answers after `slowMs`; `token-desconectado`
// gets DigiSac's 400 "Service (...) disconnected."; `token-erro` a 500; `token-nao-json` a 200
// whose body is not JSON; anything else the 401 of a bad token. Hostile answers (issue 26):
// `token-enorme` gets a ticket list of ~5 MB of `{}` (1.7 M items, whatever perPage asked);
// `token-demais` gets 150 real tickets whatever perPage asked; a token starting `token-eco-` gets
// a 400 whose message is 290 characters and then the token itself (echoed).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

export const fakeDigisacToken = 'token-de-teste-digisac';

/** `token-enorme`'s body: `{"data":[{},{},…],"total":…}` just under `bytes` (default 5 MiB − 1 KiB). */
export function hostileTicketList(bytes = 5 * 1024 * 1024 - 1024) {
  const tail = ',"total":1,"lastPage":1}';
  const count = Math.floor((bytes - '{"data":['.length - ']'.length - tail.length + 1) / 3);
  return `{"data":[${'{},'.repeat(count - 1)}{}]${tail}`;
}
export const fakeDigisacUser = { id: 'u-ana', name: 'Ana Atendente', email: 'ana@empresa.com.br' };

const departments = [
  { id: 'd-suporte', name: 'Suporte' },
  { id: 'd-financeiro', name: 'Financeiro' },
  { id: 'd-vendas', name: 'Vendas' },
];
const agents = [
  { id: 'u-ana', name: 'Ana Atendente', email: 'ana@empresa.com.br' },
  { id: 'u-bruno', name: 'Bruno Lima', email: 'bruno@empresa.com.br' },
];
const firstNames = ['Maria', 'José', 'Ana', 'João', 'Francisca', 'Antônio', 'Luiza', 'Carlos', 'Paula'];
const lastNames = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Pereira', 'Costa', 'Rodrigues', 'Almeida'];

/** DigiSac's ticket with every includable model, newest first (ticket 1 is the newest). */
export function fakeDigisacTickets(count: number, now = Date.parse('2026-11-20T15:00:00Z')) {
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const createdAt = new Date(now - n * 37 * 60_000);
    const isOpen = n % 3 !== 0;
    const updatedAt = new Date(createdAt.getTime() + 12 * 60_000);
    const contactName = `${firstNames[n % firstNames.length]} ${lastNames[n % lastNames.length]}`;
    return {
      id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      // DigiSac sends the protocol as a string or a number.
      protocol: n % 2 === 0 ? String(202611000 + n) : 202611000 + n,
      isOpen,
      origin: 'contact',
      comments: null,
      contactId: `c-${n}`,
      userId: n % 5 === 0 ? null : (agents[n % agents.length]?.id ?? null),
      departmentId: departments[n % departments.length]?.id ?? null,
      accountId: 'a-1',
      startedAt: createdAt.toISOString(),
      endedAt: isOpen ? null : updatedAt.toISOString(),
      createdAt: createdAt.toISOString(),
      updatedAt: updatedAt.toISOString(),
      metrics: { ticketTime: 720, waitingTime: (n * 47) % 3600, messagingTime: 300, ticketTransferCount: 0 },
      contact: {
        id: `c-${n}`,
        name: contactName,
        alternativeName: null,
        internalName: null,
        data: { number: `55119${String(80000000 + n * 7919).slice(0, 8)}` },
      },
      user: n % 5 === 0 ? null : (agents[n % agents.length] ?? null),
      department: departments[n % departments.length] ?? null,
    };
  });
}

export interface FakeDigisacOptions {
  port?: number;
  /** How many tickets the account holds (default 300). */
  tickets?: number;
  /** How long `token-lento` waits before answering (default 30 s). */
  slowMs?: number;
}

export interface FakeDigisac {
  /** The host to configure, e.g. http://127.0.0.1:43121 */
  url: string;
  /** Every request received: method, path and query, Authorization header. */
  requests: { method: string; url: string; authorization: string | undefined }[];
  close(): Promise<void>;
}

const httpError = (status: number, message: string, error = 'HttpError') => ({ error, message, status });

/** Reads `page`/`perPage` from the bracket style or from the `query` JSON, as DigiSac does. */
function paging(params: URLSearchParams) {
  let query: { page?: unknown; perPage?: unknown; include?: unknown } = {};
  const raw = params.get('query');
  if (raw) {
    try {
      query = JSON.parse(raw);
    } catch {
      return undefined;
    }
  }
  const page = Number(params.get('page') ?? query.page ?? 1);
  const perPage = Number(params.get('perPage') ?? query.perPage ?? 15);
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(perPage) || perPage < 1) return undefined;
  const include = Array.isArray(query.include)
    ? query.include.map((i) => (typeof i === 'string' ? i : (i as { model?: string }).model))
    : [];
  return { page, perPage, include };
}

export async function startFakeDigisac(options: FakeDigisacOptions = {}): Promise<FakeDigisac> {
  const tickets = fakeDigisacTickets(options.tickets ?? 300);
  const requests: FakeDigisac['requests'] = [];
  const pending = new Set<NodeJS.Timeout>();

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push({
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      authorization: req.headers.authorization,
    });
    const send = (status: number, body: unknown) => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const answer = () => {
      if (token === 'token-desconectado')
        return send(400, httpError(400, 'Service (whatsapp) disconnected.', 'BadRequestHttpError'));
      if (token === 'token-erro') return send(500, httpError(500, 'Internal server error'));
      if (token === 'token-enorme') {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        return res.end(hostileTicketList());
      }
      if (token?.startsWith('token-eco-')) {
        return send(400, httpError(400, `${'x'.repeat(290)}${token}`, 'BadRequestHttpError'));
      }
      if (token === 'token-nao-json') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html>manutenção</html>');
      }
      if (token !== fakeDigisacToken && token !== 'token-lento' && token !== 'token-demais')
        return send(401, httpError(401, 'Invalid token: access token is invalid'));
      if (req.method === 'GET' && url.pathname === '/api/v1/me') return send(200, fakeDigisacUser);
      if (req.method === 'GET' && url.pathname === '/api/v1/tickets') {
        const page = paging(url.searchParams);
        if (!page) return send(400, httpError(400, 'Invalid query', 'BadRequestHttpError'));
        const skip = (page.page - 1) * page.perPage;
        const size = token === 'token-demais' ? 150 : page.perPage;
        const data = tickets.slice(skip, skip + size).map((t) => {
          const { contact, user, department, ...rest } = t;
          return {
            ...rest,
            ...(page.include.includes('contact') ? { contact } : {}),
            ...(page.include.includes('user') ? { user } : {}),
            ...(page.include.includes('department') ? { department } : {}),
          };
        });
        return send(200, {
          data,
          total: tickets.length,
          limit: page.perPage,
          skip,
          currentPage: page.page,
          lastPage: Math.max(1, Math.ceil(tickets.length / page.perPage)),
          from: skip,
          to: skip + data.length,
        });
      }
      return send(404, httpError(404, 'Not found'));
    };
    if (token === 'token-lento') {
      const timer = setTimeout(() => {
        pending.delete(timer);
        answer();
      }, options.slowMs ?? 30_000);
      pending.add(timer);
    } else answer();
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of pending) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// `npm run fake-digisac` (PORT, default 4100).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const fake = await startFakeDigisac({ port: Number(process.env.PORT ?? 4100) });
  console.log(`Fake DigiSac at ${fake.url} (300 tickets). In Atende's Settings use:`);
  console.log(`  host:  ${fake.url}`);
  console.log(`  token: ${fakeDigisacToken}`);
  console.log('Start Atende with DIGISAC_ALLOW_PRIVATE_HOSTS=true so it may call this local address.');
}
