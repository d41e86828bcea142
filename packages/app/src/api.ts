import { Status, type InputOf, type Operation, type OutputOf } from '@vigil/contracts';
import { currentLanguage } from './i18n.ts';
import { clearSession, readSession } from './session.ts';

/** A failed call: the body status and the server's message, already in the user's language. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function toQuery(input: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Calls one API operation of the contracts, like the console's client (packages/web/src/api):
 * resolves with `data` when status is 200, else throws ApiError with the server's message.
 * An ended session (100, 101, 110 or HTTP 401) signs the app out.
 */
export async function callApi<Op extends Operation>(operation: Op, input: InputOf<Op>): Promise<OutputOf<Op>> {
  const headers: Record<string, string> = { 'Accept-Language': currentLanguage() };
  const token = readSession()?.token;
  if (token) headers['S-token'] = token;
  const values = (input ?? {}) as Record<string, unknown>;
  let response: Response;
  try {
    if (operation.method === 'GET' || operation.method === 'DELETE') {
      response = await fetch(`/api${operation.path}${toQuery(values)}`, { method: operation.method, headers });
    } else if (operation.encoding === 'form') {
      const body = new URLSearchParams();
      for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== null) body.set(key, String(value));
      response = await fetch(`/api${operation.path}`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' }, body });
    } else {
      response = await fetch(`/api${operation.path}`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(values) });
    }
  } catch {
    throw new ApiError(0, '');
  }
  if (response.status === 401) {
    clearSession();
    throw new ApiError(Status.TOKEN_EXPIRED, '');
  }
  let body: { status: number; data: OutputOf<Op>; msg: string };
  try {
    body = await response.json();
  } catch {
    throw new ApiError(response.status || Status.SERVER_ERROR, response.statusText);
  }
  if (body.status === Status.OK) return body.data;
  if (token && (body.status === Status.TOKEN_MISSING || body.status === Status.TOKEN_EXPIRED || body.status === Status.ACCOUNT_CANCELLED)) clearSession();
  throw new ApiError(body.status, body.msg);
}
