export * from './rls.ts';
export * from './tenants.ts';
