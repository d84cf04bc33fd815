import http from 'node:http';

export interface FakeReply {
  status: number;
  body: unknown;
  /** Answer this late (to test timeouts). */
  delayMs?: number;
}

/**
 * A fake OpenAI-compatible server on 127.0.0.1: answers POST /v1/chat/completions with the
 * queued replies in turn (the last one repeats) and records the requests it received.
 */
export async function startFakeOpenAi() {
  const queue: FakeReply[] = [];
  const requests: { path: string; body: Record<string, unknown> }[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      requests.push({ path: req.url ?? '', body: raw ? JSON.parse(raw) : {} });
      const reply: FakeReply = (queue.length > 1 ? queue.shift() : queue[0]) ?? {
        status: 500,
        body: { error: 'no reply queued' },
      };
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(reply.body));
      };
      setTimeout(send, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    /** Replaces the queue. */
    reply(...replies: FakeReply[]) {
      queue.splice(0, queue.length, ...replies);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A chat-completions answer whose message content is `content`. */
export const completion = (content: string) => ({
  status: 200,
  body: {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 0,
    model: 'fake-model',
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
  },
});
