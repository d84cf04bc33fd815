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
