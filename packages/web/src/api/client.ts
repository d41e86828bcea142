import { Status, type InputOf, type OperationRef, type OutputOf } from '@vigil/contracts';
import { currentLanguage } from '../i18n/language.ts';
import { clearSession, readToken } from '../session/session-store.ts';
import { fileNameFromDisposition } from './disposition.ts';

/** A failed call: the body status and the server's localized msg. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Called when the session is gone (status 100/101/110 or HTTP 401) with the server's msg; the shell sends the user to /login. */
let onSessionLost: (status: number, message?: string) => void = () => {};
export function setSessionLostHandler(handler: (status: number, message?: string) => void): void {
  onSessionLost = handler;
}

function headers(): Record<string, string> {
  const result: Record<string, string> = { 'Accept-Language': currentLanguage() };
  const token = readToken();
  if (token) result['S-token'] = token;
  return result;
}

function toQuery(input: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function unwrap<T>(response: Response, options: { sessionCheck: boolean }): Promise<T> {
  if (response.status === 401) {
    clearSession();
    onSessionLost(Status.TOKEN_EXPIRED);
    throw new ApiError(Status.TOKEN_EXPIRED, '');
  }
  let body: { status: number; data: T; msg: string };
  try {
    body = await response.json();
  } catch {
    throw new ApiError(response.status || Status.SERVER_ERROR, response.statusText || 'Network error');
  }
  if (body.status === Status.OK) return body.data;
  const sessionGone = body.status === Status.TOKEN_MISSING || body.status === Status.TOKEN_EXPIRED || body.status === Status.ACCOUNT_CANCELLED;
  if (options.sessionCheck && sessionGone) {
    clearSession();
    onSessionLost(body.status, body.msg);
  }
  throw new ApiError(body.status, body.msg, body.data);
}

/**
 * Calls one API operation: query string for GET/DELETE, JSON or form body for POST.
 * Resolves with `data` when status is 200, otherwise throws ApiError with the server's msg.
 * `sessionCheck: false` keeps a 100/101 from logging the user out (used by login itself).
 */
export async function callApi<Op extends OperationRef>(
  operation: Op,
  input: InputOf<Op>,
  options: { sessionCheck?: boolean } = {},
): Promise<OutputOf<Op>> {
  const url = `/api${operation.path}`;
  const values = (input ?? {}) as Record<string, unknown>;
  let response: Response;
  try {
    if (operation.method === 'GET' || operation.method === 'DELETE') {
      response = await fetch(url + toQuery(values), { method: operation.method, headers: headers() });
    } else if (operation.encoding === 'form') {
      const body = new URLSearchParams();
      for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== null) body.set(key, String(value));
      response = await fetch(url, { method: 'POST', headers: { ...headers(), 'Content-Type': 'application/x-www-form-urlencoded' }, body });
    } else {
      response = await fetch(url, { method: 'POST', headers: { ...headers(), 'Content-Type': 'application/json' }, body: JSON.stringify(values) });
    }
  } catch {
    throw new ApiError(0, '');
  }
  return unwrap<OutputOf<Op>>(response, { sessionCheck: options.sessionCheck ?? true });
}

/** Uploads one file as multipart field `file` (plus optional text fields). */
export async function uploadFile<Op extends OperationRef>(
  operation: Op,
  file: File | Blob,
  fields: Record<string, string> = {},
  onProgress?: (percent: number) => void,
  query: Record<string, unknown> = {},
): Promise<OutputOf<Op>> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set('file', file);
  // XMLHttpRequest because fetch cannot report upload progress.
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api${operation.path}${toQuery(query)}`);
    for (const [key, value] of Object.entries(headers())) request.setRequestHeader(key, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onerror = () => reject(new ApiError(0, ''));
    request.onload = () => {
      const response = new Response(request.responseText, { status: request.status });
      unwrap<OutputOf<Op>>(response, { sessionCheck: true }).then(resolve, reject);
    };
    request.send(form);
  });
}

function timestampName(extension: string): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}.${extension}`;
}

/** Downloads a file from a GET operation and saves it under the content-disposition name (spec 02 §7). */
export async function downloadFile(operation: OperationRef, input: Record<string, unknown> = {}): Promise<void> {
  await downloadPath(operation.path, input);
}

/**
 * Downloads a file from a GET path of the API with the session headers and saves it under the
 * content-disposition name, else a timestamp with `fallbackExtension` (spec 02 §7); a JSON
 * answer is an error envelope and throws ApiError with the server's msg.
 */
export async function downloadPath(path: string, input: Record<string, unknown> = {}, fallbackExtension = 'xls'): Promise<void> {
  const response = await fetch(`/api${path}${toQuery(input)}`, { headers: headers() });
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json') || !response.ok) {
    await unwrap(response, { sessionCheck: true });
    return;
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  // The UTF-8 name (陈淑珍's report), not the ASCII fallback beside it.
  const name = fileNameFromDisposition(disposition) ?? timestampName(fallbackExtension);
  const blob = await response.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}
