// A fake DigiSac server for tests, the e2e run and trying the integration locally
// (`npm run fake-digisac`, or `npm run fake-digisac -- --live` to also play conversations into
// whatever webhook gets registered): it speaks the shapes of ../shared/integrations/digisac.md —
// the list envelope, its error bodies, `where`/`order` filters, webhooks — over a few hundred
// generated tickets with their contacts and messages. Plain HTTP on 127.0.0.1: the server must run
// with DIGISAC_ALLOW_PRIVATE_HOSTS=true to reach it.
//
// Tokens: `fakeDigisacToken` works; `token-lento` answers after `slowMs`; `token-desconectado`
// gets DigiSac's 400 "Service (...) disconnected."; `token-erro` a 500; `token-nao-json` a 200
// whose body is not JSON; anything else the 401 of a bad token. Hostile answers (issue 26):
// `token-enorme` gets a ticket list of ~5 MB of `{}` (1.7 M items, whatever perPage asked);
// `token-demais` gets 150 real tickets whatever perPage asked; a token starting `token-eco-` gets
// a 400 whose message is 290 characters and then the token itself (echoed).
//
// Routes (any good token): GET /api/v1/me; GET /api/v1/tickets (where, order, include, paging),
// GET /api/v1/tickets/{id}; GET /api/v1/contacts/{id}; GET /api/v1/messages (where, order,
// paging); GET/POST /api/v1/me/webhooks and GET/PUT/DELETE /api/v1/me/webhooks/{id}. Filters
// come as the `query` JSON or bracket style (`where[ticketId]=…`, `order[][0]=timestamp`); flat
// parameters such as `?ticketId=` are ignored, as the real DigiSac ignores them.
//
// Tests script the account through the handle: openTicket, addMessage, updateMessage,
// closeTicket, removeContact; failNext/delayNext for a failing or slow DigiSac; deliver and
// simulate POST webhook events to the registered URLs.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

export const fakeDigisacToken = 'token-de-teste-digisac';

/**
 * Saves `host` (the fake's url) and the fake's good token as the caller's tenant settings, as a
 * person does in Settings; throws unless saved.
 */
export async function connectToFakeDigisac(
  api: (method: string, path: string, body?: unknown) => Promise<{ status: number; body: unknown }>,
  host: string,
) {
  const saved = await api('PUT', '/tenants/settings', {
    name: 'Loja',
    digisac_host: host,
    digisac_token: fakeDigisacToken,
  });
  if (saved.status !== 200)
    throw new Error(`DigiSac settings not saved: ${saved.status} ${JSON.stringify(saved.body)}`);
}

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

/**
 * DigiSac's ticket with every includable model, newest first (ticket 1 is the newest), one every
 * `spacingMinutes` back from `now`.
 */
export function fakeDigisacTickets(
  count: number,
  now = Date.parse('2026-11-20T15:00:00Z'),
  spacingMinutes = 37,
) {
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const createdAt = new Date(now - n * spacingMinutes * 60_000);
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

// --- The account's data ----------------------------------------------------------------------

type GeneratedTicket = ReturnType<typeof fakeDigisacTickets>[number];
/** A ticket as stored: its contact, user and department are joined in when asked (`include`). */
export type FakeTicket = Omit<GeneratedTicket, 'contact' | 'user' | 'department'>;

export interface FakeContact {
  id: string;
  name: string | null;
  alternativeName: string | null;
  internalName: string | null;
  note: string | null;
  data: { number: string };
  serviceId: string;
  currentTicketId: string | null;
  lastMessageAt: string | null;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
}

export interface FakeMessage {
  id: string;
  type: string;
  text: string | null;
  /** Seconds, as WhatsApp's send time. */
  timestamp: number;
  isFromMe: boolean;
  isFromBot: boolean;
  isComment: boolean;
  origin: string | null;
  contactId: string;
  userId: string | null;
  ticketId: string;
  quotedMessageId: string | null;
  file?: { url: string; name: string; mimetype: string };
  data: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
}

export interface FakeWebhook {
  id: string;
  name: string;
  url: string;
  events: string[];
  type: string;
  active: boolean;
  userId: string;
  accountId: string;
  createdAt: string;
  updatedAt: string;
  /** Set by DELETE (DigiSac's records look soft-deleted). */
  deletedAt: string | null;
}

export interface NewFakeMessage {
  ticketId: string;
  text?: string | null;
  /** chat (default), image, audio, document, hsm, ticket, … */
  type?: string;
  /** An agent's (or bot's, campaign's) message; default false: the customer's. */
  isFromMe?: boolean;
  isFromBot?: boolean;
  isComment?: boolean;
  /** Default: 'user' when isFromMe, else null. */
  origin?: string | null;
  /** Default: the ticket's agent when isFromMe (and origin user), else null. */
  userId?: string | null;
  file?: { name: string; mimetype: string; url?: string };
  /** Seconds; default now. */
  timestamp?: number;
  data?: Record<string, unknown>;
}

export interface NewFakeTicket {
  /** An existing contact; default a new one named `name` with `number`. */
  contactId?: string;
  name?: string;
  number?: string;
  userId?: string | null;
  departmentId?: string | null;
  /** The opening event's time (seconds); default now. */
  timestamp?: number;
}

/** One POST to a webhook: where, what (event and entity id), DigiSac-side outcome (0: no answer). */
export interface FakeDelivery {
  url: string;
  event: string | null;
  id: string | null;
  status: number;
}

export interface SimulationOptions {
  /** Deliveries per second, on average (default 10). */
  ratePerSecond?: number;
  /** Customer and agent messages to write (default ratePerSecond × durationMs, else 20). */
  count?: number;
  durationMs?: number;
  /** New conversations (tickets) the messages are spread over (default 5). */
  tickets?: number;
  /** Share of deliveries sent a second time, a little later (0..1, default 0). */
  duplicates?: number;
  /** Share of deliveries held back until after a few later ones (0..1, default 0). */
  outOfOrder?: number;
  /** Share of messages that are also delivered as message.updated (an ack) (0..1, default 0.1). */
  updates?: number;
  /** Deliveries sent at once; the groups keep the average rate (default 1). */
  burst?: number;
  /** Seeds the choices, so a run can be repeated. */
  seed?: number;
  /** Called after each delivery (the CLI prints them). */
  onDelivery?: (delivery: FakeDelivery, data: FakeMessage) => void;
}

export interface Simulation {
  tickets: FakeTicket[];
  /** Every message written (the opening events included), oldest first. */
  messages: FakeMessage[];
  /** In the order they were sent. */
  deliveries: FakeDelivery[];
}

export interface FakeDigisacOptions {
  port?: number;
  /** How many tickets the account holds (default 300). */
  tickets?: number;
  /** How long `token-lento` waits before answering (default 30 s). */
  slowMs?: number;
  /** The generated tickets' clock (default 2026-11-20T15:00:00Z; ticket 1 is 37 minutes older). */
  now?: Date;
  /** Minutes between two generated tickets (default 37). */
  spacingMinutes?: number;
  /** The status DELETE /api/v1/me/webhooks/{id} answers instead (e.g. 405: a DigiSac without it). */
  webhookDeleteStatus?: number;
}

export interface FakeDigisac {
  /** The host to configure, e.g. http://127.0.0.1:43121 */
  url: string;
  /** Every request received: method, path and query, Authorization header, JSON body if any. */
  requests: { method: string; url: string; authorization: string | undefined; body?: unknown }[];
  /** Every webhook POST made (deliver, simulate). */
  deliveries: FakeDelivery[];
  tickets(): FakeTicket[];
  ticket(id: string): FakeTicket | undefined;
  /** The ticket as `GET /tickets/{id}` answers it with every include (a ticket-shaped event's data). */
  ticketJson(id: string): Record<string, unknown> | undefined;
  contact(id: string): FakeContact | undefined;
  /** The messages (of one ticket), oldest first. */
  messages(ticketId?: string): FakeMessage[];
  /** Every webhook ever created, deleted ones included. */
  webhooks(): FakeWebhook[];
  /** Opens a ticket (for a new contact unless contactId), with its opening event. */
  openTicket(input?: NewFakeTicket): { ticket: FakeTicket; contact: FakeContact; message: FakeMessage };
  /** Writes a message on a ticket (its updatedAt moves: the catch-up finds it). */
  addMessage(input: NewFakeMessage): FakeMessage;
  /** Edits a message (e.g. `{data: {ack: 3}}`): a new updatedAt, as message.updated would carry. */
  updateMessage(id: string, patch: Partial<Pick<FakeMessage, 'text' | 'data' | 'file'>>): FakeMessage;
  /** Closes a ticket, with its closing event. */
  closeTicket(id: string): { ticket: FakeTicket; message: FakeMessage };
  /** The contact is deleted: GET /contacts/{id} answers 404. */
  removeContact(id: string): void;
  /** The next `count` calls (good token) answer `status` (default 500) with DigiSac's error body. */
  failNext(count: number, status?: number): void;
  /** The next `count` calls (good token) answer after `ms`. */
  delayNext(count: number, ms: number): void;
  /** POSTs `body` as JSON to every active webhook (or to `url`). */
  post(body: unknown, options?: { url?: string }): Promise<FakeDelivery[]>;
  /** POSTs `{event, data}` to every active webhook (or to `url`). */
  deliver(event: string, data: unknown, options?: { url?: string }): Promise<FakeDelivery[]>;
  /** Plays conversations into the active webhooks: see SimulationOptions. */
  simulate(options?: SimulationOptions): Promise<Simulation>;
  close(): Promise<void>;
}

const httpError = (status: number, message: string, error = 'HttpError') => ({ error, message, status });
const badRequest = (message: string) => httpError(400, message, 'BadRequestHttpError');

// --- DigiSac's query language, the part the integration uses ---------------------------------

type Json = Record<string, unknown>;
type Order = [string, 'ASC' | 'DESC'][];

interface ListQuery {
  where: Json;
  order: Order;
  include: string[];
  page: number;
  perPage: number;
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `where`, `order`, `include` and paging from the `query` JSON or from the bracket style
 * (`where[field]=`, `where[field][$op]=`, `order[][0]=field&order[][1]=DESC`, `include[]=`), as
 * DigiSac reads them; undefined when malformed. Flat parameters (`?ticketId=`) are not read.
 */
function listQuery(params: URLSearchParams): ListQuery | undefined {
  let query: Json = {};
  const raw = params.get('query');
  if (raw) {
    try {
      const parsed = JSON.parse(raw);
      if (!isObject(parsed)) return undefined;
      query = parsed;
    } catch {
      return undefined;
    }
  }
  const where: Json = isObject(query.where) ? { ...query.where } : {};
  for (const [name, value] of params) {
    const match = /^where\[([\w.]+)\](?:\[(\$\w+)\])?$/.exec(name);
    if (!match?.[1]) continue;
    const [, field, operator] = match;
    const before = where[field];
    where[field] = operator ? { ...(isObject(before) ? before : {}), [operator]: value } : value;
  }
  const order: Order = [];
  const pairs = Array.isArray(query.order) ? query.order : [];
  const fields = params.getAll('order[][0]');
  const directions = params.getAll('order[][1]');
  for (const [i, field] of fields.entries()) pairs.push([field, directions[i] ?? 'ASC']);
  for (const pair of pairs) {
    if (!Array.isArray(pair) || typeof pair[0] !== 'string') return undefined;
    order.push([pair[0], String(pair[1] ?? 'ASC').toUpperCase() === 'DESC' ? 'DESC' : 'ASC']);
  }
  const include = [...(Array.isArray(query.include) ? query.include : []), ...params.getAll('include[]')].map(
    (i) => (typeof i === 'string' ? i : (i as { model?: string })?.model),
  );
  const page = Number(params.get('page') ?? query.page ?? 1);
  const perPage = Number(params.get('perPage') ?? query.perPage ?? 15);
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(perPage) || perPage < 1) return undefined;
  return { where, order, include: include.filter((i): i is string => typeof i === 'string'), page, perPage };
}

/** Compares two values as numbers, else as dates, else as text (bracket values come as text). */
function compare(a: unknown, b: unknown) {
  const na = Number(a);
  const nb = Number(b);
  if (a !== null && b !== null && a !== '' && b !== '' && !Number.isNaN(na) && !Number.isNaN(nb))
    return na - nb;
  const da = typeof a === 'string' ? Date.parse(a) : Number.NaN;
  const db = typeof b === 'string' ? Date.parse(b) : Number.NaN;
  if (!Number.isNaN(da) && !Number.isNaN(db)) return da - db;
  return String(a).localeCompare(String(b));
}

const same = (a: unknown, b: unknown) => String(a) === String(b);

/** Whether `entity` passes a Sequelize-like `where` (equality, $eq $ne $gt $gte $lt $lte $in $between $or $and). */
function matches(entity: Json, where: Json): boolean {
  return Object.entries(where).every(([field, condition]) => {
    if (field === '$or')
      return Array.isArray(condition) && condition.some((c) => isObject(c) && matches(entity, c));
    if (field === '$and')
      return Array.isArray(condition) && condition.every((c) => isObject(c) && matches(entity, c));
    const value = field.split('.').reduce<unknown>((v, key) => (isObject(v) ? v[key] : undefined), entity);
    if (!isObject(condition)) return same(value, condition);
    return Object.entries(condition).every(([op, operand]) => {
      switch (op) {
        case '$eq':
          return same(value, operand);
        case '$ne':
          return !same(value, operand);
        case '$gt':
          return compare(value, operand) > 0;
        case '$gte':
          return compare(value, operand) >= 0;
        case '$lt':
          return compare(value, operand) < 0;
        case '$lte':
          return compare(value, operand) <= 0;
        case '$in':
          return Array.isArray(operand) && operand.some((o) => same(value, o));
        case '$between':
          return Array.isArray(operand) && compare(value, operand[0]) >= 0 && compare(value, operand[1]) <= 0;
        default:
          return false;
      }
    });
  });
}

/** `items` filtered, ordered and paged as `query` says, in DigiSac's list envelope. */
function listAnswer<T extends object>(items: T[], query: ListQuery, pageSize = query.perPage) {
  const found = items.filter((item) => matches(item as Json, query.where));
  const sorted =
    query.order.length === 0
      ? found
      : found.toSorted((x, y) => {
          for (const [field, direction] of query.order) {
            const c = compare((x as Json)[field], (y as Json)[field]);
            if (c !== 0) return direction === 'DESC' ? -c : c;
          }
          return 0;
        });
  const skip = (query.page - 1) * query.perPage;
  const data = sorted.slice(skip, skip + pageSize);
  return {
    data,
    total: found.length,
    limit: query.perPage,
    skip,
    currentPage: query.page,
    lastPage: Math.max(1, Math.ceil(found.length / query.perPage)),
    from: skip,
    to: skip + data.length,
  };
}

// --- Simulated conversations ----------------------------------------------------------------

const customerLines = [
  'Olá, meu pedido ainda não chegou.',
  'Qual o prazo de entrega?',
  'Já faz uma semana e nada. Preciso de uma resposta hoje.',
  'O produto veio com defeito, quero trocar.',
  'Obrigado, resolveu!',
  'Quero cancelar minha assinatura.',
  'Se não resolverem vou reclamar no Procon.',
  'Vocês são péssimos, ninguém responde!',
  'Paguei o boleto e continua em aberto.',
  'Bom dia, pode me ajudar?',
];
const agentLines = [
  'Olá! Vou verificar para você.',
  'Peço desculpas pela demora, já estou olhando.',
  'Seu pedido saiu para entrega hoje.',
  'Abri uma solicitação de troca, você recebe o código por e-mail.',
  'Posso ajudar em algo mais?',
];

/** A small seeded generator (mulberry32), so a simulation can be replayed. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

// --- The server ------------------------------------------------------------------------------

export async function startFakeDigisac(options: FakeDigisacOptions = {}): Promise<FakeDigisac> {
  const users = new Map(agents.map((a) => [a.id, a]));
  const departmentsById = new Map(departments.map((d) => [d.id, d]));
  const contacts = new Map<string, FakeContact>();
  const tickets: FakeTicket[] = [];
  const messages: FakeMessage[] = [];
  const webhooks: FakeWebhook[] = [];
  const requests: FakeDigisac['requests'] = [];
  const deliveries: FakeDelivery[] = [];
  const pending = new Set<NodeJS.Timeout>();
  let failing = { left: 0, status: 500 };
  let delaying = { left: 0, ms: 0 };
  let nextProtocol = 202612000;

  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      pending.delete(timer);
      run();
    }, ms);
    pending.add(timer);
  };

  /** An ISO time after `previous` (edits in the same millisecond still get a new updatedAt). */
  const isoAfter = (previous?: string) => {
    const now = Date.now();
    const after = previous ? Date.parse(previous) + 1 : now;
    return new Date(Math.max(now, after)).toISOString();
  };

  const findTicket = (id: string) => {
    const ticket = tickets.find((t) => t.id === id);
    if (!ticket) throw new Error(`fake DigiSac: no ticket ${id}`);
    return ticket;
  };

  function writeMessage(ticket: FakeTicket, input: Omit<NewFakeMessage, 'ticketId'>, at = isoAfter()) {
    const isFromMe = input.isFromMe ?? false;
    const origin = input.origin !== undefined ? input.origin : isFromMe ? 'user' : null;
    const message: FakeMessage = {
      id: randomUUID(),
      type: input.type ?? 'chat',
      text: input.text === undefined ? null : input.text,
      timestamp: input.timestamp ?? nowSeconds(),
      isFromMe,
      isFromBot: input.isFromBot ?? false,
      isComment: input.isComment ?? false,
      origin,
      contactId: ticket.contactId,
      userId:
        input.userId !== undefined ? input.userId : isFromMe && origin === 'user' ? ticket.userId : null,
      ticketId: ticket.id,
      quotedMessageId: null,
      ...(input.file ? { file: { url: `https://arquivos.example/${randomUUID()}`, ...input.file } } : {}),
      data: { ack: isFromMe ? 1 : 0, ...input.data },
      createdAt: at,
      updatedAt: at,
      deletedAt: null,
    };
    messages.push(message);
    ticket.updatedAt = isoAfter(ticket.updatedAt);
    const contact = contacts.get(ticket.contactId);
    if (contact) contact.lastMessageAt = at;
    return message;
  }

  function addContact(name: string, number: string, at = isoAfter()) {
    const contact: FakeContact = {
      id: randomUUID(),
      name,
      alternativeName: null,
      internalName: null,
      note: null,
      data: { number },
      serviceId: 's-whatsapp',
      currentTicketId: null,
      lastMessageAt: null,
      createdAt: at,
      updatedAt: at,
      deletedAt: null,
    };
    contacts.set(contact.id, contact);
    return contact;
  }

  // The generated account: each ticket's contact, a customer's message, the agent's answer when
  // it has an agent, and the closing event when it is closed.
  for (const generated of fakeDigisacTickets(
    options.tickets ?? 300,
    options.now?.getTime(),
    options.spacingMinutes,
  )) {
    const { contact, user, department, ...ticket } = generated;
    tickets.push(ticket);
    contacts.set(contact.id, {
      ...contact,
      note: null,
      serviceId: 's-whatsapp',
      currentTicketId: ticket.isOpen ? ticket.id : null,
      lastMessageAt: ticket.updatedAt,
      createdAt: ticket.createdAt,
      updatedAt: ticket.createdAt,
      deletedAt: null,
    });
    const opened = Date.parse(ticket.createdAt) / 1000;
    const at = (minutes: number) => new Date((opened + minutes * 60) * 1000).toISOString();
    const history: [Omit<NewFakeMessage, 'ticketId'>, number][] = [
      [{ text: customerLines[messages.length % customerLines.length], timestamp: opened + 60 }, 1],
    ];
    if (ticket.userId) {
      history.push([
        { text: agentLines[messages.length % agentLines.length], isFromMe: true, timestamp: opened + 300 },
        5,
      ]);
    }
    if (!ticket.isOpen) {
      history.push([
        {
          type: 'ticket',
          origin: 'ticket',
          isFromMe: true,
          timestamp: opened + 720,
          data: { ticketClose: true },
        },
        12,
      ]);
    }
    const updatedAt = ticket.updatedAt;
    for (const [input, minutes] of history) writeMessage(ticket, input, at(minutes));
    ticket.updatedAt = updatedAt;
  }

  /** A ticket with the models `include` asks for, as DigiSac answers it. */
  const withIncludes = (ticket: FakeTicket, include: string[]) => ({
    ...ticket,
    ...(include.includes('contact') ? { contact: contacts.get(ticket.contactId) ?? null } : {}),
    ...(include.includes('user') ? { user: (ticket.userId && users.get(ticket.userId)) || null } : {}),
    ...(include.includes('department')
      ? { department: (ticket.departmentId && departmentsById.get(ticket.departmentId)) || null }
      : {}),
  });

  function openTicket(input: NewFakeTicket = {}) {
    const contact = input.contactId
      ? contacts.get(input.contactId)
      : addContact(
          input.name ?? 'Cliente Simulado',
          input.number ?? `5511${String(900000000 + contacts.size)}`,
        );
    if (!contact) throw new Error(`fake DigiSac: no contact ${input.contactId}`);
    if (contact.currentTicketId) throw new Error(`fake DigiSac: ${contact.id} already has an open ticket`);
    const at = isoAfter();
    const userId = input.userId !== undefined ? input.userId : (agents[0]?.id ?? null);
    const departmentId = input.departmentId !== undefined ? input.departmentId : (departments[0]?.id ?? null);
    const ticket: FakeTicket = {
      id: randomUUID(),
      protocol: nextProtocol++,
      isOpen: true,
      origin: 'contact',
      comments: null,
      contactId: contact.id,
      userId,
      departmentId,
      accountId: 'a-1',
      startedAt: at,
      endedAt: null,
      createdAt: at,
      updatedAt: at,
      metrics: { ticketTime: 0, waitingTime: 0, messagingTime: 0, ticketTransferCount: 0 },
    };
    tickets.unshift(ticket);
    contact.currentTicketId = ticket.id;
    const message = writeMessage(ticket, {
      type: 'ticket',
      origin: 'ticket',
      isFromMe: true,
      timestamp: input.timestamp,
      data: { ticketOpen: true },
    });
    return { ticket, contact, message };
  }

  function closeTicket(id: string) {
    const ticket = findTicket(id);
    const message = writeMessage(ticket, {
      type: 'ticket',
      origin: 'ticket',
      isFromMe: true,
      data: { ticketClose: true },
    });
    ticket.isOpen = false;
    ticket.endedAt = ticket.updatedAt;
    const contact = contacts.get(ticket.contactId);
    if (contact?.currentTicketId === ticket.id) contact.currentTicketId = null;
    return { ticket, message };
  }

  function updateMessage(id: string, patch: Partial<Pick<FakeMessage, 'text' | 'data' | 'file'>>) {
    const message = messages.find((m) => m.id === id);
    if (!message) throw new Error(`fake DigiSac: no message ${id}`);
    Object.assign(message, patch, { updatedAt: isoAfter(message.updatedAt) });
    return message;
  }

  async function post(body: unknown, target: { url?: string } = {}) {
    const urls = target.url
      ? [target.url]
      : webhooks.filter((w) => w.active && !w.deletedAt).map((w) => w.url);
    const envelope = isObject(body) ? body : {};
    const data = Array.isArray(envelope.data) ? envelope.data[0] : envelope.data;
    const event = typeof envelope.event === 'string' ? envelope.event : null;
    const id = isObject(data) && typeof data.id === 'string' ? data.id : null;
    return Promise.all(
      urls.map(async (url) => {
        let status = 0;
        try {
          const res = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
            signal: AbortSignal.timeout(10_000),
          });
          status = res.status;
          await res.body?.cancel();
        } catch {
          // No answer: status 0.
        }
        const delivery = { url, event, id, status };
        deliveries.push(delivery);
        return delivery;
      }),
    );
  }

  /** Plays conversations: see SimulationOptions. */
  async function simulate(sim: SimulationOptions = {}): Promise<Simulation> {
    const random = seeded(sim.seed ?? Math.floor(Math.random() * 2 ** 32));
    const rate = sim.ratePerSecond ?? 10;
    const count = sim.count ?? (sim.durationMs ? Math.round((rate * sim.durationMs) / 1000) : 20);
    const burst = Math.max(1, Math.floor(sim.burst ?? 1));
    const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)] as T;

    // Distinct, increasing timestamps in the recent past (seconds), so the conversation's order is
    // unambiguous whatever order the deliveries take.
    const first = nowSeconds() - count - 1;
    const opened = Array.from({ length: Math.max(1, sim.tickets ?? 5) }, (_, i) =>
      openTicket({
        name: `${pick(firstNames)} ${pick(lastNames)}`,
        number: `55119${String(Math.floor(random() * 1e8)).padStart(8, '0')}`,
        userId: pick(agents).id,
        departmentId: pick(departments).id,
        timestamp: first - i,
      }),
    );
    const written = opened.map((o) => o.message);
    type Planned = { event: string; data: FakeMessage };
    const plan: Planned[] = written.map((m) => ({ event: 'message.created', data: structuredClone(m) }));
    const spoken = new Set<string>();
    for (let i = 0; i < count; i++) {
      const { ticket } = pick(opened);
      // A conversation starts with the customer; then 60 % of the lines are theirs.
      const fromCustomer = !spoken.has(ticket.id) || random() < 0.6;
      spoken.add(ticket.id);
      const message = writeMessage(ticket, {
        text: pick(fromCustomer ? customerLines : agentLines),
        isFromMe: !fromCustomer,
        timestamp: first + 1 + i,
      });
      written.push(message);
      plan.push({ event: 'message.created', data: structuredClone(message) });
      if (random() < (sim.updates ?? 0.1)) {
        updateMessage(message.id, { data: { ...message.data, ack: 3 } });
        plan.push({ event: 'message.updated', data: structuredClone(message) });
      }
    }
    // Out of order: a delivery swaps with one up to five places later.
    for (let i = 0; i < plan.length; i++) {
      if (random() >= (sim.outOfOrder ?? 0)) continue;
      const j = Math.min(plan.length - 1, i + 1 + Math.floor(random() * 5));
      [plan[i], plan[j]] = [plan[j] as Planned, plan[i] as Planned];
    }
    // Duplicates: a copy sent again up to ten places later.
    const sends = [...plan];
    for (const item of plan) {
      if (random() >= (sim.duplicates ?? 0)) continue;
      const at = sends.indexOf(item) + 1 + Math.floor(random() * 10);
      sends.splice(Math.min(sends.length, at), 0, item);
    }

    const sent: FakeDelivery[] = [];
    const inFlight: Promise<void>[] = [];
    const start = Date.now();
    for (let i = 0; i < sends.length; i += burst) {
      const due = start + (i / rate) * 1000;
      if (due > Date.now()) await sleep(due - Date.now());
      for (const item of sends.slice(i, i + burst)) {
        inFlight.push(
          post({ event: item.event, data: item.data }).then((results) => {
            for (const delivery of results) {
              sent.push(delivery);
              sim.onDelivery?.(delivery, item.data);
            }
          }),
        );
      }
    }
    await Promise.all(inFlight);
    return {
      tickets: opened.map((o) => o.ticket),
      messages: written.toSorted((a, b) => a.timestamp - b.timestamp),
      deliveries: sent,
    };
  }

  /** The webhook routes (a good token). */
  function webhookRoute(method: string, id: string | undefined, url: URL, body: unknown): [number, unknown] {
    const now = isoAfter();
    const input = isObject(body) ? body : {};
    if (id === undefined) {
      if (method === 'GET') {
        const query = listQuery(url.searchParams);
        if (!query) return [400, badRequest('Invalid query')];
        return [
          200,
          listAnswer(
            webhooks.filter((w) => !w.deletedAt),
            query,
          ),
        ];
      }
      if (method !== 'POST') return [405, httpError(405, 'Method not allowed')];
      if (typeof input.url !== 'string' || !Array.isArray(input.events) || typeof input.name !== 'string') {
        return [400, badRequest('name, url and events are required')];
      }
      const webhook: FakeWebhook = {
        id: randomUUID(),
        name: input.name,
        url: input.url,
        events: input.events.map(String),
        type: typeof input.type === 'string' ? input.type : 'general',
        active: input.active !== false,
        userId: fakeDigisacUser.id,
        accountId: 'a-1',
        createdAt: now,
        updatedAt: now,
        deletedAt: null,
      };
      webhooks.push(webhook);
      return [200, webhook];
    }
    const webhook = webhooks.find((w) => w.id === id && !w.deletedAt);
    if (!webhook) return [404, httpError(404, 'Not found')];
    if (method === 'GET') return [200, webhook];
    if (method === 'PUT') {
      if (typeof input.name === 'string') webhook.name = input.name;
      if (typeof input.url === 'string') webhook.url = input.url;
      if (Array.isArray(input.events)) webhook.events = input.events.map(String);
      if (typeof input.type === 'string') webhook.type = input.type;
      if (typeof input.active === 'boolean') webhook.active = input.active;
      webhook.updatedAt = now;
      return [200, webhook];
    }
    if (method === 'DELETE') {
      if (options.webhookDeleteStatus)
        return [options.webhookDeleteStatus, httpError(options.webhookDeleteStatus, 'Not allowed')];
      Object.assign(webhook, { active: false, deletedAt: now, updatedAt: now });
      return [200, webhook];
    }
    return [405, httpError(405, 'Method not allowed')];
  }

  /** The answer to a good token's request: [status, body]. */
  function route(method: string, url: URL, body: unknown, token: string): [number, unknown] {
    const path = url.pathname;
    const webhook = /^\/api\/v1\/me\/webhooks(?:\/([^/]+))?$/.exec(path);
    if (webhook) return webhookRoute(method, webhook[1] && decodeURIComponent(webhook[1]), url, body);
    if (method !== 'GET') return [404, httpError(404, 'Not found')];
    if (path === '/api/v1/me') return [200, fakeDigisacUser];
    const query = listQuery(url.searchParams);
    if (!query) return [400, badRequest('Invalid query')];
    if (path === '/api/v1/tickets') {
      // `token-demais` gets 150 tickets whatever perPage asked (a hostile answer).
      const answer = listAnswer(tickets, query, token === 'token-demais' ? 150 : query.perPage);
      return [200, { ...answer, data: answer.data.map((t) => withIncludes(t, query.include)) }];
    }
    if (path === '/api/v1/messages')
      return [
        200,
        listAnswer(
          messages.filter((m) => !m.deletedAt),
          query,
        ),
      ];
    const one = /^\/api\/v1\/(tickets|contacts)\/([^/]+)$/.exec(path);
    const id = one?.[2] && decodeURIComponent(one[2]);
    if (one?.[1] === 'tickets') {
      const ticket = tickets.find((t) => t.id === id);
      return ticket ? [200, withIncludes(ticket, query.include)] : [404, httpError(404, 'Not found')];
    }
    if (one?.[1] === 'contacts') {
      const contact = id ? contacts.get(id) : undefined;
      return contact && !contact.deletedAt ? [200, contact] : [404, httpError(404, 'Not found')];
    }
    return [404, httpError(404, 'Not found')];
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= 1024 * 1024) chunks.push(chunk);
    });
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
      handle(req, res, body);
    });
  });

  function handle(req: http.IncomingMessage, res: http.ServerResponse, body: unknown) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    requests.push({
      method,
      url: req.url ?? '/',
      authorization: req.headers.authorization,
      ...(body !== undefined ? { body } : {}),
    });
    const send = (status: number, answer: unknown) => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(answer));
    };
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const answer = () => {
      if (token === 'token-desconectado') return send(400, badRequest('Service (whatsapp) disconnected.'));
      if (token === 'token-erro') return send(500, httpError(500, 'Internal server error'));
      if (token === 'token-enorme') {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        return res.end(hostileTicketList());
      }
      if (token?.startsWith('token-eco-')) return send(400, badRequest(`${'x'.repeat(290)}${token}`));
      if (token === 'token-nao-json') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html>manutenção</html>');
      }
      if (token !== fakeDigisacToken && token !== 'token-lento' && token !== 'token-demais')
        return send(401, httpError(401, 'Invalid token: access token is invalid'));
      if (failing.left > 0) {
        failing = { ...failing, left: failing.left - 1 };
        return send(failing.status, httpError(failing.status, 'Internal server error'));
      }
      const routed = () => send(...route(method, url, body, token));
      if (delaying.left > 0) {
        delaying = { ...delaying, left: delaying.left - 1 };
        return later(delaying.ms, routed);
      }
      routed();
    };
    if (token === 'token-lento') later(options.slowMs ?? 30_000, answer);
    else answer();
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    deliveries,
    tickets: () => [...tickets],
    ticket: (id) => tickets.find((t) => t.id === id),
    ticketJson: (id) => {
      const ticket = tickets.find((t) => t.id === id);
      return ticket && withIncludes(ticket, ['contact', 'user', 'department']);
    },
    contact: (id) => contacts.get(id),
    messages: (ticketId) =>
      messages
        .filter((m) => ticketId === undefined || m.ticketId === ticketId)
        .toSorted((a, b) => a.timestamp - b.timestamp),
    webhooks: () => [...webhooks],
    openTicket,
    addMessage: ({ ticketId, ...input }) => writeMessage(findTicket(ticketId), input),
    updateMessage,
    closeTicket,
    removeContact: (id) => {
      const contact = contacts.get(id);
      if (contact) contact.deletedAt = isoAfter();
    },
    failNext: (count, status = 500) => {
      failing = { left: count, status };
    },
    delayNext: (count, ms) => {
      delaying = { left: count, ms };
    },
    post,
    deliver: (event, data, target) => post({ event, data }, target),
    simulate,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of pending) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// --- `npm run fake-digisac [-- --live …]` -----------------------------------------------------

/** The webhook's URL without its secret (the last path segment), for the terminal. */
const shownUrl = (url: string) => url.replace(/\/([^/]{4})[^/]*$/, '/$1…');

async function main() {
  const { values: args } = parseArgs({
    options: {
      live: { type: 'boolean', default: false },
      rate: { type: 'string', default: '5' },
      count: { type: 'string' },
      duration: { type: 'string', default: '60' },
      tickets: { type: 'string', default: '5' },
      duplicates: { type: 'string', default: '0.1' },
      'out-of-order': { type: 'string', default: '0.1' },
      burst: { type: 'string', default: '1' },
      seed: { type: 'string' },
    },
  });
  const fake = await startFakeDigisac({ port: Number(process.env.PORT ?? 4100) });
  console.log(`Fake DigiSac at ${fake.url} (300 tickets). In Atende's Settings use:`);
  console.log(`  host:  ${fake.url}`);
  console.log(`  token: ${fakeDigisacToken}`);
  console.log('Start Atende with DIGISAC_ALLOW_PRIVATE_HOSTS=true so it may call this local address.');
  if (!args.live) return;

  const simulation: SimulationOptions = {
    ratePerSecond: Number(args.rate),
    ...(args.count ? { count: Number(args.count) } : { durationMs: Number(args.duration) * 1000 }),
    tickets: Number(args.tickets),
    duplicates: Number(args.duplicates),
    outOfOrder: Number(args['out-of-order']),
    burst: Number(args.burst),
    ...(args.seed ? { seed: Number(args.seed) } : {}),
    onDelivery: (delivery, data) => {
      const who = data.type === 'ticket' ? 'sistema' : data.isFromMe ? 'agente ' : 'cliente';
      const text = (data.text ?? (data.data.ticketOpen ? '(ticket aberto)' : '')).slice(0, 50);
      console.log(
        `  ${delivery.event} ${data.id.slice(0, 8)} ${who} "${text}" → ${delivery.status || 'sem resposta'}`,
      );
    },
  };
  console.log(
    `Live: once Atende registers its webhook (Settings → DigiSac → ativar), ${args.count ?? `${args.duration} s of`} ` +
      `messages at ${args.rate}/s over ${args.tickets} tickets go to it (duplicates ${args.duplicates}, ` +
      `out of order ${args['out-of-order']}, burst ${args.burst}).`,
  );
  const played = new Set<string>();
  for (;;) {
    const webhook = fake.webhooks().find((w) => w.active && !w.deletedAt && !played.has(w.id));
    if (!webhook) {
      await sleep(500);
      continue;
    }
    played.add(webhook.id);
    console.log(`Webhook registered: ${shownUrl(webhook.url)} (${webhook.events.join(', ')}). Playing…`);
    const result = await fake.simulate(simulation);
    const byStatus = new Map<string, number>();
    for (const { status } of result.deliveries) {
      const key = String(status || 'sem resposta');
      byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
    }
    const statuses = [...byStatus].map(([status, count]) => `${status}: ${count}`);
    console.log(
      `Done: ${result.messages.length} messages on ${result.tickets.length} tickets, ` +
        `${result.deliveries.length} deliveries (${statuses.join(', ')}). Waiting for another registration.`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
