// A forward proxy as a corporate network has one: CONNECT tunnels (what
// @actions/http-client's undici ProxyAgent opens, for http and https alike)
// and absolute-form requests (what undici's EnvHttpProxyAgent sends for an
// http:// target). Host names ending in `.test` exist only here: the proxy
// sends them to 127.0.0.1, so a client that bypassed it could not reach them.
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

interface ProxiedRequest {
  /** CONNECT for a tunnel, else the forwarded request's method. */
  method: string;
  /** host:port as the client asked for it. */
  target: string;
  /** The path, for forwarded requests; '' for a tunnel. */
  path: string;
}

export interface ConnectProxy {
  url: string;
  requests: ProxiedRequest[];
  close(): Promise<void>;
}

function resolveHost(host: string): string {
  return host.endsWith('.test') ? '127.0.0.1' : host;
}

export async function startConnectProxy(): Promise<ConnectProxy> {
  const requests: ProxiedRequest[] = [];
  const sockets = new Set<Socket>();

  const server = createServer((req: IncomingMessage, res) => {
    // Absolute form: GET http://host:port/path HTTP/1.1
    const target = new URL(req.url ?? '/');
    requests.push({
      method: req.method ?? 'GET',
      target: target.host,
      path: `${target.pathname}${target.search}`,
    });
    const upstream = httpRequest(
      {
        host: resolveHost(target.hostname),
        port: target.port || 80,
        method: req.method,
        path: `${target.pathname}${target.search}`,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });

  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    const target = req.url ?? '';
    requests.push({ method: 'CONNECT', target, path: '' });
    const [host, port] = [
      target.slice(0, target.lastIndexOf(':')),
      Number(target.slice(target.lastIndexOf(':') + 1)),
    ];
    const upstream = connect(port, resolveHost(host), () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    sockets.add(client);
    const drop = () => {
      upstream.destroy();
      client.destroy();
    };
    upstream.on('error', () => {
      client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
      drop();
    });
    client.on('error', drop);
  });
  server.on('connection', (socket: Socket) => sockets.add(socket));

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
