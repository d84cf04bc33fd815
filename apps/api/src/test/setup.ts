import net from 'node:net';

// Tests talk to 127.0.0.1 only (the app, PGlite, PostgreSQL, fake peers): any other address
// means a test depends on the outside world, so the connection fails loudly.
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
  const first = args[0];
  const options = (typeof first === 'object' && first !== null ? first : { port: first, host: args[1] }) as {
    host?: unknown;
    path?: unknown;
  };
  const host = typeof options.host === 'string' ? options.host : 'localhost';
  const local = options.path !== undefined || ['localhost', '::1'].includes(host) || host.startsWith('127.');
  if (!local) throw new Error(`Tests may not open outbound connections (to ${host}).`);
  return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
} as typeof net.Socket.prototype.connect;
