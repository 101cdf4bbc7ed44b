import { HttpError } from 'react-admin';

/** One error of the API's envelope (the Integration API and the console's session endpoints answer the same way). */
export interface ApiErrorItem {
  status: number;
  code: string;
  title: string;
  details?: string;
  source?: { path?: string[]; type?: string };
}

/**
 * An answer that is not 2xx, as react-admin understands it: the message names the code, and `body.errors` maps
 * each field the API blamed (its `source.path`) to its message, so forms show it next to that field.
 */
export const problemOf = (status: number, body: unknown): HttpError => {
  const items: ApiErrorItem[] = (body as { errors?: ApiErrorItem[] } | null)?.errors ?? [];
  const first = items[0];
  const message = first ? `${first.details ?? first.title} (${first.code})` : `HTTP ${status}`;
  const errors: Record<string, string> = {};
  for (const item of items) {
    const path = item.source?.path;
    if (path && path.length > 0) errors[path.join('.')] = `${item.details ?? item.title} (${item.code})`;
  }
  return new HttpError(message, status, { errors, items });
};

export const readJson = async (res: Response): Promise<unknown> => {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return { errors: [{ status: res.status, code: 'unreadable-answer', title: text.slice(0, 200) }] };
  }
};
