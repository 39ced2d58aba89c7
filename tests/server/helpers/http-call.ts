import { randomUUID } from 'node:crypto';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE, type BodyOf, type Endpoint, type ParamsOf } from '../../../src/contract';
import { urlOf } from './contract-call';

/** An answer over HTTP: its status, and its body read once as text and JSON. */
export interface HttpAnswer {
  status: number;
  text: string;
  /** Loose: a test reads refusals and success alike. */
  json(): any;
}

/**
 * contractCaller's counterpart for a server in its own process: endpoints called by their contract
 * entry over real HTTP, as the member's client sends them (its header, the member's bearer token,
 * a fresh Idempotency-Key on money endpoints).
 */
export function httpCaller(baseUrl: string, token?: string) {
  return async function call<E extends Endpoint>(
    endpoint: E,
    input: { params?: ParamsOf<E>; body?: BodyOf<E>; key?: string; multipart?: { payload: Buffer; contentType: string } } = {},
  ): Promise<HttpAnswer> {
    const headers: Record<string, string> = { [CLIENT_HEADER]: CLIENT_HEADER_VALUE };
    if (token) headers.authorization = `Bearer ${token}`;
    if (endpoint.idempotent) headers['idempotency-key'] = input.key ?? randomUUID();
    let body: string | Blob | undefined;
    if (input.multipart) {
      headers['content-type'] = input.multipart.contentType;
      body = new Blob([new Uint8Array(input.multipart.payload)]);
    } else if (input.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.body);
    }
    const res = await fetch(`${baseUrl}${urlOf(endpoint, input.params as Record<string, unknown> | undefined)}`, { method: endpoint.method, headers, body });
    const text = await res.text();
    return { status: res.status, text, json: () => JSON.parse(text) };
  };
}
