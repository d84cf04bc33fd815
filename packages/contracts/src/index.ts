import { z } from 'zod';

// Every zod message, on the API and in the web app, is in Brazilian Portuguese.
z.config(z.locales.pt());

export * from './analysis.ts';
export * from './analysis-feedback.ts';
export * from './analytics.ts';
export * from './audit.ts';
export * from './business-hours.ts';
export * from './common.ts';
export * from './customers.ts';
export * from './digisac.ts';
export * from './documents.ts';
export * from './errors.ts';
export * from './flagged-terms.ts';
export * from './messages.ts';
export * from './notifications.ts';
export * from './system.ts';
export * from './tenant-settings.ts';
export * from './tickets.ts';
export * from './users.ts';
