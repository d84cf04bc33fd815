// Every password here passes the sign-in policy (server.ts creates the users through it; the
// demo one is DEMO_PASSWORD, checked by the seed): 10+ characters, hard to guess, no e-mail name.

/** Who the e2e specs sign in as (created by server.ts before the server starts). */
export const demo = { email: 'demo@atende.local', password: 'Painel#Suporte2026' };

export const otherTenant = { name: 'Outra Empresa', slug: 'outra' };

/** A second organisation's admin, for isolation checks. */
export const otherUser = {
  tenantSlug: otherTenant.slug,
  email: 'outra@atende.local',
  password: 'Vizinha#Empresa2026',
  temporary: false,
  groups: ['admin'],
};

// Specs that change a password get a user per attempt: a CI retry must not find it already changed.
const ATTEMPTS = 2; // playwright.config.ts: one retry on CI

/** First access: the temporary password must be replaced (NEW_PASSWORD_REQUIRED). */
export const firstAccessUser = (attempt: number) => ({
  tenantSlug: 'demo',
  email: `primeiro.acesso.${attempt}@atende.local`,
  password: 'Temp#Senha2026',
  temporary: true,
  groups: [],
});

/** Password recovery. */
export const recoveryUser = (attempt: number) => ({
  tenantSlug: 'demo',
  email: `recupera.${attempt}@atende.local`,
  password: 'Antiga#Senha2026',
  temporary: false,
  groups: [],
});

export const fixtureUsers = [
  otherUser,
  ...Array.from({ length: ATTEMPTS }, (_, attempt) => [
    firstAccessUser(attempt),
    recoveryUser(attempt),
  ]).flat(),
];

// ── Notifications (issue 13) ────────────────────────────────────────────────────────────────────
// Tenants of their own, so their counts are exact whatever else runs. server.ts inserts their
// alerts (owner connection) before the server starts; a user sees only alerts newer than the user,
// so it backdates them first. Users who change what they see get one per attempt, as above.

const alertPassword = 'Campainha#Tocou2026';
const alertUser = (tenantSlug: string, email: string) => ({
  tenantSlug,
  email,
  password: alertPassword,
  temporary: false,
  groups: [] as string[],
});
const perAttempt = <T>(make: (attempt: number) => T) =>
  Array.from({ length: ATTEMPTS }, (_, attempt) => make(attempt));

export type AlertType =
  | 'ticket_issues'
  | 'red_flags'
  | 'escalation_required'
  | 'negative_sentiment'
  | 'low_csat_prediction'
  | 'high_complexity'
  | 'ticket_notifiable';
export type Priority = 'high' | 'medium' | 'low';

/** Each alert type with its priority (packages/contracts priorityOf) and the server's wording. */
const alertKinds: Array<{
  type: AlertType;
  priority: Priority;
  title: (label: string) => string;
  message: string;
}> = [
  {
    type: 'red_flags',
    priority: 'high',
    title: (l) => `Sinais de alerta no chamado «${l}»`,
    message: 'Termos detectados: procon, reclame aqui.',
  },
  {
    type: 'negative_sentiment',
    priority: 'medium',
    title: (l) => `Sentimento negativo no chamado «${l}»`,
    message: 'Sentimento negativo na conversa: o cliente demonstra insatisfação.',
  },
  {
    type: 'high_complexity',
    priority: 'low',
    title: (l) => `Alta complexidade no chamado «${l}»`,
    message: 'Alta complexidade (85%): o chamado pode exigir um especialista.',
  },
  {
    type: 'escalation_required',
    priority: 'high',
    title: (l) => `Escalonamento necessário no chamado «${l}»`,
    message: 'Escalonamento necessário: o cliente pede um supervisor.',
  },
  {
    type: 'low_csat_prediction',
    priority: 'medium',
    title: (l) => `CSAT previsto baixo no chamado «${l}»`,
    message: 'CSAT previsto 4,5/10, abaixo de 7: o cliente tende a sair insatisfeito.',
  },
  {
    type: 'ticket_notifiable',
    priority: 'low',
    title: (l) => `Chamado sinalizado: «${l}»`,
    message: 'Chamado sinalizado por um atendente para acompanhamento.',
  },
  {
    type: 'ticket_issues',
    priority: 'high',
    title: (l) => `Cliente aguardando no chamado «${l}»`,
    message: 'O cliente espera uma resposta há mais de 30 minutos.',
  },
];

const subjects = [
  'Pedido não entregue',
  'Cobrança em duplicidade',
  'Produto com defeito',
  'Cancelamento de assinatura',
  'Reembolso pendente',
  'Nota fiscal incorreta',
  'Acesso bloqueado',
  'Troca de endereço',
  'Garantia do aparelho',
  'Instalação agendada',
  'Atraso na entrega',
];

export interface FixtureAlert {
  alertType: AlertType;
  priority: Priority;
  title: string;
  message: string;
  /** How long ago it was raised (2 min for the newest, then ever further apart, < 90 days). */
  minutesAgo: number;
}

/** The alerts of a fixture tenant, newest first; every title is unique (a number per ticket). */
export function fixtureAlerts(count: number, newestLabel?: string): FixtureAlert[] {
  return Array.from({ length: count }, (_, i) => {
    const kind = alertKinds[i % alertKinds.length] as (typeof alertKinds)[number];
    const label =
      i === 0 && newestLabel ? newestLabel : `${subjects[i % subjects.length]} ${48_200 + count - i}`;
    return {
      alertType: kind.type,
      priority: kind.priority,
      title: kind.title(label),
      message: kind.message,
      minutesAgo: 2 + 7 * i * i,
    };
  });
}

/** 120 alerts: the badge reads 99+. The newest points at bellTicket, a real ticket of the tenant. */
export const bellTenant = { name: 'Central de Alertas', slug: 'central-alertas' };
export const bellTicket = {
  title: 'Troca de aparelho com defeito',
  content: 'O aparelho chegou com a tela trincada e o cliente pede a troca imediata.',
};
export const bellAlerts = fixtureAlerts(120, bellTicket.title);
/** Only looks (texts, Escape, focus, axe, screenshots): shared by attempts. */
export const bellViewer = alertUser(bellTenant.slug, 'sino.leitura@atende.local');
/** Marks all read and clears. */
export const bellCleaner = (attempt: number) =>
  alertUser(bellTenant.slug, `sino.limpa.${attempt}@atende.local`);
/** Opens the newest alert's ticket (which marks it read). */
export const bellOpener = (attempt: number) =>
  alertUser(bellTenant.slug, `sino.abre.${attempt}@atende.local`);

/** 45 alerts: three pages of 20. pageViewer has read a few of them (pageViewerRead). */
export const pageTenant = { name: 'Suporte Paginado', slug: 'suporte-paginado' };
export const pageAlerts = fixtureAlerts(45);
export const pageViewerRead = (index: number) => index % 9 === 4;
export const pageViewer = alertUser(pageTenant.slug, 'pagina.leitura@atende.local');
/** Selects, marks read, clears all. */
export const pageEditor = (attempt: number) =>
  alertUser(pageTenant.slug, `pagina.edita.${attempt}@atende.local`);

/** No alerts until the spec flags a ticket through the API (the live stream brings it). */
export const liveTenant = { name: 'Plantão ao Vivo', slug: 'plantao-ao-vivo' };
export const liveUser = alertUser(liveTenant.slug, 'plantao@atende.local');

/** Never any alert: the empty panel. */
export const quietTenant = { name: 'Equipe Tranquila', slug: 'equipe-tranquila' };
export const quietUser = alertUser(quietTenant.slug, 'tranquila@atende.local');

export interface AlertTenant {
  tenant: { name: string; slug: string };
  users: Array<ReturnType<typeof alertUser>>;
  /** Newest first. */
  alerts: FixtureAlert[];
  /** A real ticket of the tenant; the newest alert points at it. */
  ticket?: { title: string; content: string };
  /** Which alerts (by index in `alerts`) this user has read. */
  readBy?: { email: string; read: (index: number) => boolean };
}

/** What server.ts sets up for the notification specs, tenant by tenant. */
export const alertTenants: AlertTenant[] = [
  {
    tenant: bellTenant,
    users: [bellViewer, ...perAttempt(bellCleaner), ...perAttempt(bellOpener)],
    alerts: bellAlerts,
    ticket: bellTicket,
  },
  {
    tenant: pageTenant,
    users: [pageViewer, ...perAttempt(pageEditor)],
    alerts: pageAlerts,
    readBy: { email: pageViewer.email, read: pageViewerRead },
  },
  { tenant: liveTenant, users: [liveUser], alerts: [] },
  { tenant: quietTenant, users: [quietUser], alerts: [] },
];

// ── Analysis feedback ───────────────────────────────────────────────────────────────────────────
// A tenant per attempt: the spec's 👍/👎 counts in Settings are exact only if nothing else (and
// no earlier attempt) rated an analysis there. server.ts creates them with their one agent.

export const feedbackTenant = (attempt: number) => ({
  name: `Qualidade da Análise ${attempt + 1}`,
  slug: `qualidade-analise-${attempt + 1}`,
});
export const feedbackUser = (attempt: number) => ({
  tenantSlug: feedbackTenant(attempt).slug,
  email: `avalia.analise.${attempt}@atende.local`,
  password: 'Polegar#Acima2026',
  temporary: false,
  groups: [] as string[],
});
/** What server.ts sets up for analysis-feedback.spec.ts: each attempt's tenant and agent. */
export const feedbackTenants = perAttempt((attempt) => ({
  tenant: feedbackTenant(attempt),
  users: [feedbackUser(attempt)],
}));

// ── Dashboard (issue 16) ────────────────────────────────────────────────────────────────────────
// A tenant of its own holding the bulk generator's data (seed-bulk: ticket i created 2025-06-01
// 00:00 -03:00 + 4·i minutes), so the figures of a past window never move while other specs run.
export const dashboardTenant = { name: 'Painel de Carga', slug: 'painel-carga' };
export const dashboardUser = {
  tenantSlug: dashboardTenant.slug,
  email: 'gestora@painel-carga.local',
  password: 'Indicadores#Mensais2026',
  temporary: false,
  groups: ['admin'],
};
export const dashboardTickets = 3000;

// ── DigiSac (issue 19) ──────────────────────────────────────────────────────────────────────────
// A tenant per attempt: digisac.spec.ts saves its DigiSac host and token, and the tab must be
// absent for every other spec's tenant. The fake DigiSac runs beside the server (playwright.config.ts).
export const digisacTenant = (attempt: number) => ({
  name: `Atendimento DigiSac ${attempt + 1}`,
  slug: `atendimento-digisac-${attempt + 1}`,
});
export const digisacUser = (attempt: number) => ({
  tenantSlug: digisacTenant(attempt).slug,
  email: `digisac.${attempt}@atende.local`,
  password: 'Conversa#Integrada2026',
  temporary: false,
  groups: ['admin'],
});
/** What server.ts sets up for digisac.spec.ts: each attempt's tenant and admin. */
export const digisacTenants = perAttempt((attempt) => ({
  tenant: digisacTenant(attempt),
  users: [digisacUser(attempt)],
}));

// ── A DigiSac conversation (issue 29) ───────────────────────────────────────────────────────────
// A tenant per attempt: digisac-conversation.spec.ts points its DigiSac settings at a fake of its
// own and turns real-time messages on, which no other spec's tenant may see.
export const conversationTenant = (attempt: number) => ({
  name: `Conversas DigiSac ${attempt + 1}`,
  slug: `conversas-digisac-${attempt + 1}`,
});
export const conversationUser = (attempt: number) => ({
  tenantSlug: conversationTenant(attempt).slug,
  email: `conversas.${attempt}@atende.local`,
  password: 'Conversa#AoVivo2026',
  temporary: false,
  groups: ['admin'],
});
/** What server.ts sets up for digisac-conversation.spec.ts: each attempt's tenant and admin. */
export const conversationTenants = perAttempt((attempt) => ({
  tenant: conversationTenant(attempt),
  users: [conversationUser(attempt)],
}));

// ── Business hours and the SLA warning (issue 31) ───────────────────────────────────────────────
// Tenants per attempt: business-hours.spec.ts saves one's schedule, and lowers the other's SLA
// limit so a new ticket warns within the monitor's next check (no other spec may see either).
export const hoursTenant = (attempt: number) => ({
  name: `Horário Comercial ${attempt + 1}`,
  slug: `horario-comercial-${attempt + 1}`,
});
export const hoursUser = (attempt: number) => ({
  tenantSlug: hoursTenant(attempt).slug,
  email: `horario.${attempt}@atende.local`,
  password: 'Expediente#Semanal2026',
  temporary: false,
  groups: ['admin'],
});
export const warningTenant = (attempt: number) => ({
  name: `Aviso de Prazo ${attempt + 1}`,
  slug: `aviso-prazo-${attempt + 1}`,
});
export const warningUser = (attempt: number) => ({
  tenantSlug: warningTenant(attempt).slug,
  email: `aviso.prazo.${attempt}@atende.local`,
  password: 'Ampulheta#Correndo2026',
  temporary: false,
  groups: ['admin'],
});
/** What server.ts sets up for business-hours.spec.ts: each attempt's two tenants and admins. */
export const businessHoursTenants = perAttempt((attempt) => [
  { tenant: hoursTenant(attempt), users: [hoursUser(attempt)] },
  { tenant: warningTenant(attempt), users: [warningUser(attempt)] },
]).flat();

// ── DigiSac ingestion (issue 29) ────────────────────────────────────────────────────────────────
// A tenant per attempt: digisac-ingestion.spec.ts points its DigiSac settings at a fake of its
// own, turns real time on and imports its history, which no other spec's tenant may see.
export const ingestionTenant = (attempt: number) => ({
  name: `Entrada DigiSac ${attempt + 1}`,
  slug: `entrada-digisac-${attempt + 1}`,
});
export const ingestionUser = (attempt: number) => ({
  tenantSlug: ingestionTenant(attempt).slug,
  email: `entrada.digisac.${attempt}@atende.local`,
  password: 'Historico#Importado2026',
  temporary: false,
  groups: ['admin'],
});
/** What server.ts sets up for digisac-ingestion.spec.ts: each attempt's tenant and admin. */
export const ingestionTenants = perAttempt((attempt) => ({
  tenant: ingestionTenant(attempt),
  users: [ingestionUser(attempt)],
}));
