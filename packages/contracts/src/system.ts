import { z } from 'zod';

/** `GET /config.json`: what the SPA needs at run time, so one build serves any deployment. */
export const runtimeConfigSchema = z.object({
  idp: z.object({
    endpoint: z.string(),
    region: z.string(),
    userPoolId: z.string(),
    clientId: z.string(),
  }),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
