/**
 * A CONNECT-only HTTP proxy for tests (what corporate proxies speak for https): it records each
 * tunnel's target and the bytes it carried upstream, so a test can tell its traffic went through.
 */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

/** A CONNECT-only proxy: each tunnel's target and the bytes it carried upstream. */
export function startConnectProxy(): Promise<{ server: Server; url: string; tunnels: { target: string; up: number }[] }> {
  const tunnels: { target: string; up: number }[] = [];
  const server = createServer((_request, response) => response.writeHead(405).end('CONNECT only'));
  server.on('connect', (request, client: Socket, head: Buffer) => {
    const target = request.url ?? '';
    const [host, port] = [target.slice(0, target.lastIndexOf(':')), Number(target.slice(target.lastIndexOf(':') + 1))];
    const tunnel = { target, up: head.length };
    tunnels.push(tunnel);
    const upstream = connect(port, host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      client.on('data', (chunk: Buffer) => (tunnel.up += chunk.length));
      client.pipe(upstream).pipe(client);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, tunnels })));
}
