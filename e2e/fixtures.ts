/** Who the e2e specs sign in as (created by server.ts before the server starts). */
export const demo = { email: 'demo@atende.local', password: 'Demo#Senha2026' };

export const otherTenant = { name: 'Outra Empresa', slug: 'outra' };

export const fixtureUsers = [
  // First access: the temporary password must be replaced (NEW_PASSWORD_REQUIRED).
  {
    tenantSlug: 'demo',
    email: 'primeiro.acesso@atende.local',
    password: 'Temp#Senha2026',
    temporary: true,
    groups: [],
  },
  // Password recovery.
  {
    tenantSlug: 'demo',
    email: 'recupera@atende.local',
    password: 'Antiga#Senha2026',
    temporary: false,
    groups: [],
  },
  // A second organisation, for isolation checks.
  {
    tenantSlug: 'outra',
    email: 'outra@atende.local',
    password: 'Outra#Senha2026',
    temporary: false,
    groups: ['admin'],
  },
];
