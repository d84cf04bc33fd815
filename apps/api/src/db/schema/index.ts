export * from './customers.ts';
export * from './flagged-terms.ts';
export * from './identity.ts';
export * from './messages.ts';
export * from './rls.ts';
export * from './tenants.ts';
export * from './tickets.ts';
export * from './users.ts';
