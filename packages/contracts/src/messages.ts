import { z } from 'zod';
import { messageAnalysisSchema } from './analysis.ts';
import {
  emptyToUndefined,
  idSchema,
  maxPerPage,
  pageMeta,
  pageQuerySchema,
  pageWithinReach,
  queryBoolean,
  queryInt,
  querySearch,
  requiredText,
  timestamp,
} from './common.ts';

export const directions = ['inbound', 'outbound'] as const;
/** Who wrote it: the customer, an agent, or a bot (bots and campaigns: never an answer). */
export const senders = ['customer', 'agent', 'bot'] as const;
/** note: internal, never sent to the customer; system: DigiSac's ticket events (opened, closed…). */
export const messageKinds = ['message', 'note', 'system'] as const;

export const messageSchema = z.object({
  id: z.uuid(),
  content: z.string(),
  /** inbound: from the customer; outbound: from the team or a bot. */
  direction: z.enum(directions),
  sender: z.enum(senders),
  kind: z.enum(messageKinds),
  /** The DigiSac message id, for a message that came from DigiSac. */
  external_id: z.string().nullable(),
  /** A media message's DigiSac type (image, audio, document…) and file name; the file is not kept. */
  media_type: z.string().nullable(),
  file_name: z.string().nullable(),
  channel: z.string(),
  ticket_id: z.uuid().nullable(),
  /** The linked ticket's title (null without a ticket or without a title). */
  ticket_title: z.string().nullable(),
  customer_id: z.uuid().nullable(),
  /** The linked customer's name. */
  customer_name: z.string().nullable(),
  expert_id: z.uuid().nullable(),
  flagged: z.boolean(),
  analysis: messageAnalysisSchema.nullable(),
  created_at: timestamp,
});
export type Message = z.infer<typeof messageSchema>;

/** Optional ids: an empty string counts as absent (the form sends what the user left blank). */
const optionalId = z.preprocess(emptyToUndefined, idSchema.optional());

export const createMessageSchema = z.object({
  content: requiredText(10_000, 'O conteúdo da mensagem é obrigatório.'),
  direction: z.preprocess(emptyToUndefined, z.enum(directions).default('inbound')),
  channel: z.preprocess(emptyToUndefined, requiredText(50, 'Canal inválido.').default('web')),
  ticket_id: optionalId,
  customer_id: optionalId,
  /** A user of the caller's tenant. */
  expert_id: optionalId,
});
export type CreateMessage = z.infer<typeof createMessageSchema>;

export const listMessagesQuerySchema = pageQuerySchema
  .extend({
    search: querySearch,
    ticket_id: z.preprocess(emptyToUndefined, idSchema.optional()),
    customer_id: z.preprocess(emptyToUndefined, idSchema.optional()),
    direction: z.preprocess(emptyToUndefined, z.enum(directions).optional()),
    flagged: queryBoolean.optional(),
    /** Customer and team messages by default; `all` adds internal notes and DigiSac's system rows. */
    kind: z.preprocess(
      emptyToUndefined,
      z.enum([...messageKinds, 'all'], { message: 'Use message, note, system ou all.' }).default('message'),
    ),
  })
  .superRefine(pageWithinReach);
export type ListMessagesQuery = z.infer<typeof listMessagesQuerySchema>;

export const messageListSchema = z.object({
  messages: z.array(messageSchema),
  ...pageMeta,
});
export type MessageList = z.infer<typeof messageListSchema>;

/**
 * `GET /tickets/{id}/conversation`: the newest `limit` messages of every kind older than the
 * message `before` (a keyset on created_at, id: no offsets), for a chat that pages backwards.
 */
export const conversationQuerySchema = z.object({
  /** A message of this ticket: the page holds the messages before it. Absent: the newest page. */
  before: z.preprocess(
    emptyToUndefined,
    z.uuid({ message: 'Use o identificador (UUID) de uma mensagem deste chamado.' }).optional(),
  ),
  limit: queryInt(1, maxPerPage, 50),
});
export type ConversationQuery = z.infer<typeof conversationQuerySchema>;

export const conversationSchema = z.object({
  /** Oldest first (the order a chat draws them), customer and team messages, notes and system rows. */
  messages: z.array(messageSchema),
  /** Older messages exist: ask again with `before` = the first message's id. */
  has_more: z.boolean(),
});
export type Conversation = z.infer<typeof conversationSchema>;
