export * from './identity.ts';
export * from './rls.ts';
export * from './tenants.ts';
export * from './users.ts';
