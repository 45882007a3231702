/**
 * The session kept in local storage: token, old_token, token_update_time,
 * redirectPath. A storage is injected so that the HTTP client can be tested outside a browser.
 */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const SESSION_KEYS = {
  token: 'token',
  oldToken: 'old_token',
  tokenUpdateTime: 'token_update_time',
  redirectPath: 'redirectPath',
  userInfo: 'user_info',
} as const;

type Listener = () => void;

export class SessionStore {
  private readonly listeners = new Set<Listener>();
  /** Set by a deliberate logout: the page being left is then not remembered for the next login. */
  signedOut = false;
  /**
   * Set when the server refused the session (a 401 that no newer token fixed), not by a logout: the
   * login page then says why the member is there. Kept in memory, for the navigation it causes.
   */
  endedByServer = false;

  /**
   * `mirror` is told each new token (null once cleared): the browser's session keeps it in a cookie
   * of page requests, for the server to render a member page's first view.
   */
  constructor(
    private readonly storage: KeyValueStorage,
    private readonly mirror: (token: string | null) => void = () => undefined,
  ) {}

  get token(): string | null {
    return this.storage.getItem(SESSION_KEYS.token);
  }

  get oldToken(): string | null {
    return this.storage.getItem(SESSION_KEYS.oldToken);
  }

  /** Stores the token a login answered. */
  signIn(token: string): void {
    this.signedOut = false;
    this.endedByServer = false;
    this.storage.setItem(SESSION_KEYS.token, token);
    this.storage.removeItem(SESSION_KEYS.oldToken);
    this.storage.removeItem(SESSION_KEYS.userInfo);
    this.storage.setItem(SESSION_KEYS.tokenUpdateTime, String(Date.now()));
    this.mirror(token);
    this.emit();
  }

  /**
   * The user info last loaded in this session, kept so that a page opened again paints its layout
   * at once while the user info is asked again; undefined for another session's.
   */
  get userInfo(): unknown {
    try {
      const saved = JSON.parse(this.storage.getItem(SESSION_KEYS.userInfo) ?? 'null') as {
        token?: unknown;
        user?: unknown;
      } | null;
      return saved && saved.token === this.token ? saved.user : undefined;
    } catch {
      return undefined;
    }
  }

  set userInfo(user: unknown) {
    if (this.token) this.storage.setItem(SESSION_KEYS.userInfo, JSON.stringify({ token: this.token, user }));
  }

  /** A renewed token from the server replaces the stored one; the previous one is kept as old_token. */
  renew(token: string): void {
    const previous = this.token;
    if (previous === token) return;
    if (previous) this.storage.setItem(SESSION_KEYS.oldToken, previous);
    this.storage.setItem(SESSION_KEYS.token, token);
    this.storage.setItem(SESSION_KEYS.tokenUpdateTime, String(Date.now()));
    this.mirror(token);
    this.emit();
  }

  /** Logout, or a session the server no longer accepts: token, old token and update time go. */
  clear(): void {
    this.storage.removeItem(SESSION_KEYS.token);
    this.storage.removeItem(SESSION_KEYS.oldToken);
    this.storage.removeItem(SESSION_KEYS.tokenUpdateTime);
    this.storage.removeItem(SESSION_KEYS.userInfo);
    this.mirror(null);
    this.emit();
  }

  get redirectPath(): string | null {
    return this.storage.getItem(SESSION_KEYS.redirectPath);
  }

  set redirectPath(path: string | null) {
    if (path) this.storage.setItem(SESSION_KEYS.redirectPath, path);
    else this.storage.removeItem(SESSION_KEYS.redirectPath);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

/** An in-memory storage, for tests and for browsers with storage disabled. */
export function memoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}
