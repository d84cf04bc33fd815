import type { Conversation, Message } from '@atende/contracts';
import { describe, expect, it } from 'vitest';
import { conversationMessages, withNewestPage } from './get-conversation.ts';

const m = (id: string) => ({ id }) as Message;
const page = (ids: string[], has_more: boolean): Conversation => ({ messages: ids.map(m), has_more });
const ids = (data: { pages: Conversation[] }) => conversationMessages(data as never).map((x) => x.id);

// Pages come newest first, each oldest first, as useInfiniteQuery keeps them.
const loaded = {
  pages: [page(['c1', 'c2', 'c3', 'c4'], true), page(['b1', 'b2', 'b3', 'b4'], true), page(['a1'], false)],
  pageParams: [undefined, 'c1', 'b1'],
};

describe('withNewestPage (the 15 s poll)', () => {
  it('puts the new messages in front and keeps every older page and its cursor', () => {
    const merged = withNewestPage(loaded, page(['c3', 'c4', 'd1', 'd2'], true));
    expect(ids(merged)).toEqual(['a1', 'b1', 'b2', 'b3', 'b4', 'c1', 'c2', 'c3', 'c4', 'd1', 'd2']);
    expect(merged.pageParams).toEqual([undefined, 'c3', 'c1', 'b1']);
    // The rest of the old newest page keeps saying older ones exist.
    expect(merged.pages[1]).toEqual(page(['c1', 'c2'], true));
  });

  it('changes nothing but the page when nothing is new', () => {
    const merged = withNewestPage(loaded, page(['c1', 'c2', 'c3', 'c4'], true));
    expect(ids(merged)).toEqual(ids(loaded));
    expect(merged.pageParams).toEqual(loaded.pageParams);
  });

  it('keeps only the newest page when more than a page came since (no gap)', () => {
    const merged = withNewestPage(loaded, page(['e1', 'e2', 'e3', 'e4'], true));
    expect(ids(merged)).toEqual(['e1', 'e2', 'e3', 'e4']);
    expect(merged.pageParams).toEqual([undefined]);
  });

  it('takes the page as it is without loaded pages, or when the conversation was empty', () => {
    expect(ids(withNewestPage(undefined, page(['x'], false)))).toEqual(['x']);
    const empty = { pages: [page([], false)], pageParams: [undefined] };
    expect(withNewestPage(empty, page(['x'], false))).toEqual({
      pages: [page(['x'], false)],
      pageParams: [undefined],
    });
    expect(ids(withNewestPage(loaded, page([], false)))).toEqual([]);
  });

  it('with one page loaded, answers the new one with its own has_more', () => {
    const one = { pages: [page(['c1', 'c2'], false)], pageParams: [undefined] };
    const merged = withNewestPage(one, page(['c2', 'd1'], true));
    expect(ids(merged)).toEqual(['c1', 'c2', 'd1']);
    expect(merged.pages.map((p) => p.has_more)).toEqual([true, false]);
  });
});
