import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as it reached the stand-in: the bytes our adapter sent. */
export interface RecordedRequest {
  method: string;
  /** Path and query, exactly as sent. */
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** What the stand-in answers: a status and a JSON body (or raw text), or nothing at all ('hang': a timeout). */
export type StandInReply = { status: number; json?: unknown; text?: string } | 'hang';

/**
 * A small local HTTP server standing in for an outside service in contract tests: it records every
 * request and answers with what `answer` says (the service's documented examples, in each
 * provider's helper). Tests only; nothing in the product path uses it.
 */
export interface StandIn {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * The headers fetch (undici) adds by itself; an adapter's own headers are the others. Contract
 * tests compare those with the document's, name for name.
 */
const FETCH_OWN_HEADERS = new Set(['host', 'connection', 'user-agent', 'accept-encoding', 'accept-language', 'sec-fetch-mode', 'content-length']);

export const adapterHeaders = (request: RecordedRequest): Record<string, string> =>
  Object.fromEntries(Object.entries(request.headers).filter(([name]) => !FETCH_OWN_HEADERS.has(name)).map(([name, value]) => [name, String(value)]));

export async function startStandIn(answer: (request: RecordedRequest) => StandInReply): Promise<StandIn> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(request);
      const reply = answer(request);
      if (reply === 'hang') return;
      const body = reply.text ?? JSON.stringify(reply.json);
      res.writeHead(reply.status, { 'content-type': reply.text === undefined ? 'application/json' : 'text/html' });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
