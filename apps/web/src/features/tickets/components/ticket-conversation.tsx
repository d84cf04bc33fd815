import type { Message, Ticket } from '@atende/contracts';
import {
  Bot,
  Contact,
  FileText,
  Image,
  Info,
  type LucideIcon,
  MapPin,
  MessageSquareText,
  Mic,
  Paperclip,
  Sticker,
  StickyNote,
  Video,
} from 'lucide-react';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { cn, focusRing } from '../../../components/ui/cn.ts';
import { EmptyState, LoadError } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { redFlagWords, sentimentLabel, sentimentTone } from '../../../lib/analysis-display.ts';
import { formatTime } from '../../../lib/format.ts';
import { conversationMessages, useConversation } from '../api/get-conversation.ts';
import {
  conversationItems,
  highlightTerms,
  mediaCaption,
  mediaLabel,
  senderLabels,
} from '../lib/conversation.ts';

/** Within this many pixels of an edge counts as there (the top loads older messages). */
const edgePx = 48;

const mediaIcons: Record<string, LucideIcon> = {
  Imagem: Image,
  Figurinha: Sticker,
  Áudio: Mic,
  Vídeo: Video,
  Documento: FileText,
  Localização: MapPin,
  Contato: Contact,
  'Modelo de mensagem': MessageSquareText,
};

/**
 * A DigiSac ticket's conversation as a chat (the detail screen shows it instead of the
 * transcript): the newest messages first, older ones on scroll-up or 'Carregar mensagens
 * anteriores' with the reader's place kept, new ones as the poll brings them (every 15 s).
 */
export function TicketConversation({ ticket }: { ticket: Ticket }) {
  const conversation = useConversation(ticket.id);
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = conversation;
  const messages = useMemo(() => conversationMessages(conversation.data), [conversation.data]);
  const items = useMemo(() => conversationItems(messages), [messages]);

  const scroller = useRef<HTMLDivElement>(null);
  // Where the reader is: at the bottom (follow new messages), or reading from a message on.
  const atBottom = useRef(true);
  const anchor = useRef<{ id: string; offset: number } | null>(null);
  const placed = useRef(false);

  const rememberPlace = useCallback(() => {
    const box = scroller.current;
    if (!box) return;
    atBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight < edgePx;
    const rows = box.querySelectorAll<HTMLElement>('[data-message-id]');
    const first = [...rows].find((row) => row.offsetTop + row.offsetHeight > box.scrollTop);
    anchor.current = first
      ? { id: first.dataset.messageId ?? '', offset: first.offsetTop - box.scrollTop }
      : null;
  }, []);

  const loadOlder = useCallback(() => {
    if (!hasNextPage || isFetchingNextPage) return;
    rememberPlace();
    atBottom.current = false;
    void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage, rememberPlace]);

  // After each change: the first load shows the newest; a reader at the bottom follows new
  // messages; anyone else stays on the message they were reading (older pages grow above it).
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box || items.length === 0) return;
    if (!placed.current || atBottom.current) {
      placed.current = true;
      box.scrollTop = box.scrollHeight;
      return;
    }
    const place = anchor.current;
    const rows = box.querySelectorAll<HTMLElement>('[data-message-id]');
    const row = place && [...rows].find((r) => r.dataset.messageId === place.id);
    if (place && row) box.scrollTop = row.offsetTop - place.offset;
  }, [items]);

  function onScroll() {
    rememberPlace();
    const box = scroller.current;
    if (box && box.scrollTop < edgePx && box.scrollHeight > box.clientHeight) loadOlder();
  }

  const protocol = ticket.external?.protocol;
  return (
    <Card aria-labelledby="conversation-title" className="overflow-hidden">
      <CardHeader className="pb-3">
        <div className="min-w-0">
          <CardTitle id="conversation-title">Conversa</CardTitle>
          <CardDescription>
            DigiSac{protocol ? ` · protocolo #${protocol}` : ''} · horários de Brasília
          </CardDescription>
        </div>
      </CardHeader>
      {conversation.isPending ? (
        <div role="status" className="space-y-3 border-t border-slate-200 px-4 py-4 sm:px-5">
          <span className="sr-only">Carregando conversa…</span>
          <Skeleton className="h-12 w-2/3" />
          <Skeleton className="ml-auto h-12 w-1/2" />
          <Skeleton className="h-12 w-3/5" />
        </div>
      ) : conversation.isError && messages.length === 0 ? (
        <div className="border-t border-slate-200">
          <LoadError
            title="Não foi possível carregar a conversa."
            description="Verifique sua conexão e tente de novo."
            onRetry={() => void conversation.refetch()}
            retrying={conversation.isFetching}
          />
        </div>
      ) : messages.length === 0 ? (
        <div className="border-t border-slate-200">
          <EmptyState title="Nenhuma mensagem nesta conversa." />
        </div>
      ) : (
        <div
          ref={scroller}
          onScroll={onScroll}
          role="log"
          aria-labelledby="conversation-title"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable)
          tabIndex={0}
          className={cn(
            'relative max-h-[36rem] overflow-y-auto border-t border-slate-200 bg-slate-50 px-3 py-4 [overflow-anchor:none] sm:px-5',
            'print:max-h-none print:overflow-visible',
            focusRing,
          )}
        >
          {hasNextPage ? (
            <div className="mb-3 flex justify-center print:hidden">
              <Button
                variant="secondary"
                size="sm"
                onClick={loadOlder}
                pending={isFetchingNextPage}
                pendingLabel="Carregando mensagens…"
              >
                Carregar mensagens anteriores
              </Button>
            </div>
          ) : (
            <p className="mb-3 text-center text-xs text-slate-600">Início da conversa</p>
          )}
          {conversation.isFetchNextPageError && (
            <p role="alert" className="mb-3 text-center text-sm text-red-700">
              Não foi possível carregar as mensagens anteriores. Tente de novo.
            </p>
          )}
          <ol className="space-y-2">
            {items.map((item) =>
              item.type === 'day' ? (
                <li key={item.key} className="flex justify-center py-1">
                  <span className="rounded-full bg-slate-200 px-3 py-0.5 text-xs font-medium text-slate-700">
                    {item.label}
                  </span>
                </li>
              ) : (
                <ConversationRow key={item.key} message={item.message} />
              ),
            )}
          </ol>
        </div>
      )}
    </Card>
  );
}

/** One message: a bubble (customer left, agent and bot right), or a centred line (note, system). */
function ConversationRow({ message }: { message: Message }) {
  const time = formatTime(message.created_at);
  const who = senderLabels[message.sender] ?? 'Cliente';
  const at = <time dateTime={message.created_at}>{time}</time>;

  if (message.kind !== 'message') {
    const note = message.kind === 'note';
    const Icon = note ? StickyNote : Info;
    return (
      <li data-message-id={message.id} className="flex justify-center px-2 py-1">
        <p
          className={cn(
            'inline-flex max-w-full items-start gap-1.5 rounded-md px-3 py-1 text-center text-xs break-words',
            note ? 'bg-amber-50 text-amber-900' : 'text-slate-600',
          )}
        >
          <Icon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          <span>
            <span className="font-medium">{note ? `Nota interna de ${who.toLowerCase()}: ` : ''}</span>
            {message.content} · {at}
          </span>
        </p>
      </li>
    );
  }

  const customer = message.sender === 'customer';
  const bot = message.sender === 'bot';
  const caption = message.media_type ? mediaCaption(message) : message.content;
  const terms = customer && message.analysis ? redFlagWords(message.analysis) : [];
  return (
    <li data-message-id={message.id} className={cn('flex', customer ? 'justify-start' : 'justify-end')}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3 py-2 text-sm shadow-xs ring-1 sm:max-w-[75%]',
          customer && 'rounded-bl-sm bg-white text-slate-900 ring-slate-200',
          message.sender === 'agent' && 'rounded-br-sm bg-brand-50 text-slate-900 ring-brand-600/30',
          bot && 'rounded-br-sm bg-blue-50 text-slate-900 ring-blue-600/25',
        )}
      >
        <p className="sr-only">
          {who}, {time}:
        </p>
        {bot && (
          <p
            className="mb-1 inline-flex items-center gap-1 text-xs font-semibold text-blue-800"
            aria-hidden="true"
          >
            <Bot className="size-3.5" />
            Bot
          </p>
        )}
        {message.media_type && <MediaChip mediaType={message.media_type} fileName={message.file_name} />}
        {caption && (
          <p className="whitespace-pre-wrap break-words">
            {highlightTerms(caption, terms).map((piece, i) =>
              piece.marked ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text never move
                <mark key={i} className="rounded-sm bg-yellow-100 px-0.5 font-medium text-slate-900">
                  {piece.text}
                </mark>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text never move
                <span key={i}>{piece.text}</span>
              ),
            )}
          </p>
        )}
        <div className="mt-1 flex flex-wrap items-center justify-end gap-1.5">
          {customer && message.analysis && (
            <Badge tone={sentimentTone(message.analysis.sentiment)} title="Sentimento">
              <span className="sr-only">Sentimento: </span>
              {sentimentLabel(message.analysis.sentiment)}
            </Badge>
          )}
          {terms.length > 0 && (
            <Badge tone="red" title="Termos sinalizados">
              <span className="sr-only">Termos sinalizados: </span>
              {terms.join(', ')}
            </Badge>
          )}
          <span className="text-xs text-slate-600" aria-hidden="true">
            {at}
          </span>
        </div>
      </div>
    </li>
  );
}

/** A media message's type and file name (the file itself is not kept). */
function MediaChip({ mediaType, fileName }: { mediaType: string; fileName: string | null }) {
  const label = mediaLabel(mediaType);
  const Icon = mediaIcons[label] ?? Paperclip;
  return (
    <p className="mb-1 inline-flex max-w-full items-center gap-1.5 rounded-md bg-slate-100 px-2 py-1 text-xs text-slate-800 ring-1 ring-slate-200">
      <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="font-medium">{label}</span>
      {fileName && <span className="truncate">· {fileName}</span>}
    </p>
  );
}
