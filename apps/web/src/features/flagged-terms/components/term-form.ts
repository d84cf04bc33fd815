import { flaggedTermMaxLength, flaggedTermMessages, normaliseTermText } from '@atende/contracts';
import { z } from 'zod';

/** The add form and the edit dialog: the term as it will be stored (the API checks it again). */
export const termFormSchema = z.object({
  term: z
    .string()
    .transform(normaliseTermText)
    .pipe(
      z.string().min(1, flaggedTermMessages.blank).max(flaggedTermMaxLength, flaggedTermMessages.tooLong),
    ),
});
export type TermFormValues = z.infer<typeof termFormSchema>;
