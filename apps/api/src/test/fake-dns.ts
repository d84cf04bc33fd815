// A fake name server for tests (UDP on 127.0.0.1), used as the server's resolver through
// DNS_SERVERS: it answers A/AAAA queries from a table, says NXDOMAIN for names it does not know,
// and never answers the names marked 'hang' — the tenant-typed name whose name server never
// answers. Every query received is recorded.
import dgram from 'node:dgram';
import net from 'node:net';

/** What a name answers: addresses (a list per query in turn, the last one repeated), or silence. */
export type FakeDnsAnswer = 'hang' | string[] | string[][];

export interface FakeDns {
  /** For DNS_SERVERS, e.g. 127.0.0.1:53535 */
  server: string;
  /** Names asked, in order (lower case, no trailing dot), with the query type. */
  queries: { name: string; type: 'A' | 'AAAA' | string }[];
  close(): Promise<void>;
}

function readName(packet: Buffer, offset: number) {
  const labels: string[] = [];
  let at = offset;
  while (at < packet.length) {
    const length = packet[at] ?? 0;
    if (length === 0) return { name: labels.join('.').toLowerCase(), end: at + 1 };
    labels.push(packet.subarray(at + 1, at + 1 + length).toString('latin1'));
    at += 1 + length;
  }
  return undefined;
}

function ipv6Bytes(address: string) {
  const [head = '', tail = ''] = address.split('::');
  const parts = (s: string) => (s === '' ? [] : s.split(':').map((p) => Number.parseInt(p, 16)));
  const h = parts(head);
  const t = address.includes('::') ? parts(tail) : [];
  const all = [...h, ...Array(8 - h.length - t.length).fill(0), ...t];
  const bytes = Buffer.alloc(16);
  for (const [i, p] of all.entries()) bytes.writeUInt16BE(p, i * 2);
  return bytes;
}

export async function startFakeDns(names: Record<string, FakeDnsAnswer> = {}): Promise<FakeDns> {
  const socket = dgram.createSocket('udp4');
  const queries: FakeDns['queries'] = [];
  const asked = new Map<string, number>();

  socket.on('message', (packet, peer) => {
    if (packet.length < 12) return;
    const question = readName(packet, 12);
    if (!question) return;
    const qtype = packet.readUInt16BE(question.end);
    const type = qtype === 1 ? 'A' : qtype === 28 ? 'AAAA' : String(qtype);
    queries.push({ name: question.name, type });
    const entry = names[question.name];
    if (entry === 'hang') return; // read, never answered
    const turn = asked.get(`${question.name} ${type}`) ?? 0;
    asked.set(`${question.name} ${type}`, turn + 1);
    const list: string[] | undefined =
      entry === undefined
        ? undefined
        : Array.isArray(entry[0])
          ? ((entry as string[][])[Math.min(turn, entry.length - 1)] ?? [])
          : (entry as string[]);
    const family = qtype === 1 ? 4 : qtype === 28 ? 6 : 0;
    const addresses = (list ?? []).filter((a) => net.isIP(a) === family);
    const header = Buffer.alloc(12);
    packet.copy(header, 0, 0, 2); // id
    header.writeUInt16BE(entry === undefined ? 0x8183 : 0x8180, 2); // answer, RD+RA; NXDOMAIN or OK
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(addresses.length, 6);
    const questionBytes = packet.subarray(12, question.end + 4);
    const answers = addresses.map((address) => {
      const rdata = family === 4 ? Buffer.from(address.split('.').map(Number)) : ipv6Bytes(address);
      const record = Buffer.alloc(12);
      record.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
      record.writeUInt16BE(qtype, 2);
      record.writeUInt16BE(1, 4); // IN
      record.writeUInt32BE(1, 6); // TTL 1 s
      record.writeUInt16BE(rdata.length, 10);
      return Buffer.concat([record, rdata]);
    });
    socket.send(Buffer.concat([header, questionBytes, ...answers]), peer.port, peer.address);
  });

  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    server: `127.0.0.1:${socket.address().port}`,
    queries,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
