import { decodeTransit, encodeTransit } from '../../src/http/transit';

export interface HttpAnswer {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

/** A raw HTTP call; the body is decoded by content type (Transit or JSON). */
export const http = async (baseUrl: string, path: string, init: RequestInit & { transit?: unknown } = {}): Promise<HttpAnswer> => {
  const headers = new Headers(init.headers);
  let body = init.body;
  if (init.transit !== undefined) {
    headers.set('content-type', 'application/transit+json');
    if (!headers.has('accept')) headers.set('accept', 'application/transit+json');
    body = encodeTransit(init.transit);
  }
  const res = await fetch(`${baseUrl}${path}`, { ...init, headers, body });
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  const decoded = text === '' ? null : type.startsWith('application/transit+json') ? decodeTransit(text) : type.includes('json') ? JSON.parse(text) : text;
  return { status: res.status, headers: res.headers, body: decoded, text };
};

export const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
  body: new URLSearchParams(fields).toString(),
});

export const bearer = (token: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...extra });
