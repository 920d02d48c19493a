/**
 * A small TCP proxy standing in for a load balancer: each new connection goes to the first backend
 * that accepts it, in order, so when one instance dies its clients land on the next on reconnect.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export interface Proxy {
  port: number;
  close(): Promise<void>;
}

function connectFirst(ports: readonly number[], onConnected: (upstream: Socket) => void, onNone: () => void, index = 0): void {
  const port = ports[index];
  if (port === undefined) {
    onNone();
    return;
  }
  let connected = false;
  const upstream = createConnection({ port, host: '127.0.0.1' });
  upstream.once('connect', () => {
    connected = true;
    onConnected(upstream);
  });
  upstream.once('error', () => {
    if (connected) return;
    upstream.destroy();
    connectFirst(ports, onConnected, onNone, index + 1);
  });
}

export async function startProxy(backendPorts: readonly number[]): Promise<Proxy> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.pause();
    connectFirst(
      backendPorts,
      (upstream) => {
        sockets.add(upstream);
        const end = () => {
          client.destroy();
          upstream.destroy();
        };
        client.on('error', end).on('close', end);
        upstream.on('error', end).on('close', end);
        client.pipe(upstream).pipe(client);
        client.resume();
      },
      () => client.destroy(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
