import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that a test can cut, as a database restart or failover
 * does: every open connection drops at once, and new ones are reset until it is restored.
 * The machine's PostgreSQL itself is never touched.
 */
export class CuttableProxy {
  private readonly sockets = new Set<net.Socket>();
  private server: net.Server | undefined;
  private down = false;

  constructor(private readonly target: { host: string; port: number }) {}

  async listen(): Promise<number> {
    this.server = net.createServer((client) => {
      if (this.down) return client.destroy();
      const upstream = net.connect(this.target);
      for (const [a, b] of [[client, upstream], [upstream, client]] as const) {
        this.sockets.add(a);
        a.on('error', () => b.destroy());
        a.on('close', () => { this.sockets.delete(a); b.destroy(); });
        a.pipe(b);
      }
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as net.AddressInfo).port;
  }

  /** Drops every connection and refuses new ones until `restore`. */
  cut() {
    this.down = true;
    for (const socket of this.sockets) socket.destroy();
  }

  restore() {
    this.down = false;
  }

  async close() {
    this.cut();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

/** The same connection string, through a proxy on `port` of this machine. */
export function throughProxy(url: string, port: number): string {
  const parsed = new URL(url);
  parsed.hostname = '127.0.0.1';
  parsed.port = String(port);
  return parsed.toString();
}
