import {
  LANG_HEADER,
  REQUEST_TIMEOUT_MS,
  type FieldError,
  type Locale,
  type MessageKey,
  type MessageParams,
} from '@freight/contract';
import type { SessionStore } from './session';

/** A failed call: the HTTP status (0 for network errors and timeouts), the message to show, field errors. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields: FieldError[] = [],
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;

type RequestOptions = {
  query?: Query;
  /** A JSON body, or FormData for multipart uploads. */
  body?: unknown;
  signal?: AbortSignal;
  /** Answer the raw Response (file downloads); the envelope is not read. */
  raw?: boolean;
};

type HttpClientOptions = {
  baseUrl?: string;
  session: SessionStore;
  locale: () => Locale;
  /**
   * A shared message (`errors.*`) in the current language. The app reads it from its loaded
   * language bundle, so the first download carries one language's catalog, not both.
   */
  message: (key: MessageKey, params?: MessageParams) => string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /**
   * Called once the session has been cleared after a 401 that no newer token could fix (the store's
   * `endedByServer` is then set).
   */
  onUnauthorized?: () => void;
};

type Envelope = { code?: unknown; msg?: unknown; data?: unknown; errors?: unknown };

function isFieldErrors(value: unknown): value is FieldError[] {
  return (
    Array.isArray(value) &&
    value.every((item) => typeof item === 'object' && item !== null && 'field' in item && 'message' in item)
  );
}

function toQueryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The HTTP client: base /api, Bearer token, Lang header,
 * 60 s timeout, identical GETs in flight shared, the envelope unwrapped, a renewed token stored
 * (the previous one kept as old_token), and one retry after a 401 when a newer token is stored.
 */
export function createHttpClient(options: HttpClientOptions) {
  const baseUrl = options.baseUrl ?? '/api';
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const { session } = options;
  const inFlight = new Map<string, Promise<unknown>>();

  async function send(method: string, url: string, request: RequestOptions, token: string | null) {
    const headers: Record<string, string> = { Lang: LANG_HEADER[options.locale()] };
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (request.body instanceof FormData) body = request.body;
    else if (request.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.body);
    }
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), timeoutMs);
    const onAbort = () => controller.abort(request.signal?.reason);
    request.signal?.addEventListener('abort', onAbort);
    try {
      return await doFetch(url, { method, headers, body, signal: controller.signal });
    } catch (error) {
      if (controller.signal.aborted && !request.signal?.aborted) {
        throw new ApiError(options.message('errors.timeout'), 0);
      }
      if (request.signal?.aborted) throw error;
      throw new ApiError(options.message('errors.networkError'), 0);
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
    }
  }

  async function readEnvelope(response: Response): Promise<Envelope | undefined> {
    const text = await response.text();
    if (!text) return undefined;
    try {
      const parsed: unknown = JSON.parse(text);
      return typeof parsed === 'object' && parsed !== null ? (parsed as Envelope) : undefined;
    } catch {
      return undefined;
    }
  }

  async function execute<T>(method: string, path: string, request: RequestOptions): Promise<T> {
    const url = `${baseUrl}${path}${toQueryString(request.query)}`;
    const sentToken = session.token;
    let response = await send(method, url, request, sentToken);
    if (response.status === 401) {
      // Another request may have renewed the token meanwhile: retry once with the newer one.
      const stored = session.token;
      if (stored && stored !== sentToken) response = await send(method, url, request, stored);
    }
    const renewed = response.headers.get('x-renewed-token');
    if (renewed && response.status !== 401) session.renew(renewed);
    if (response.status === 401) {
      await response.body?.cancel();
      if (session.token) {
        // Before clearing: the guards that react to the cleared token already see why.
        session.endedByServer = true;
        session.clear();
        options.onUnauthorized?.();
      }
      throw new ApiError(options.message('errors.unauthorized'), 401);
    }
    if (request.raw && response.ok) return response as T;
    const envelope = await readEnvelope(response);
    if (response.status !== 200) {
      const message =
        typeof envelope?.msg === 'string' && envelope.msg
          ? envelope.msg
          : options.message('errors.httpStatus', { status: response.status });
      throw new ApiError(
        message,
        response.status,
        isFieldErrors(envelope?.errors) ? envelope.errors : [],
        envelope,
      );
    }
    if (!envelope || envelope.code === 1 || envelope.code === undefined) {
      const message =
        typeof envelope?.msg === 'string' && envelope.msg
          ? envelope.msg
          : options.message('errors.requestFailed');
      throw new ApiError(
        message,
        response.status,
        isFieldErrors(envelope?.errors) ? envelope.errors : [],
        envelope,
      );
    }
    return envelope.data as T;
  }

  function request<T>(method: string, path: string, request: RequestOptions = {}): Promise<T> {
    if (method !== 'GET' || request.raw || request.signal) return execute<T>(method, path, request);
    // Identical GETs in flight share one request (same address, token and language).
    const key = `${path}${toQueryString(request.query)}|${session.token ?? ''}|${options.locale()}`;
    const pending = inFlight.get(key);
    if (pending) return pending as Promise<T>;
    const promise = execute<T>(method, path, request).finally(() => inFlight.delete(key));
    inFlight.set(key, promise);
    return promise;
  }

  return {
    request,
    get: <T>(path: string, query?: Query) => request<T>('GET', path, { query }),
    post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body }),
    put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
    delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, { body }),
    /** Downloads a file with the session's token (exports need a login; templates are public, per language). */
    download: (path: string, query?: Query) => request<Response>('GET', path, { query, raw: true }),
  };
}
