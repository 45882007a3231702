import { type Abilities, NO_ABILITIES, type UserInfo } from '@freight/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { api, session } from '../api/client';
import { ApiError } from '../api/http';
import { queryKeys } from '../api/query-keys';

type AuthState = {
  token: string | null;
  user: UserInfo | undefined;
  authorities: readonly string[];
  /** what the person may do, as the server says (never worked out here from the role) */
  abilities: Abilities;
  isLoadingUser: boolean;
  signIn: (token: string) => void;
  /** Revokes the token on the server (best effort) and clears the session here. */
  signOut: () => Promise<void>;
};

const AuthContext = createContext<AuthState | undefined>(undefined);

function useSessionToken(): string | null {
  return useSyncExternalStore(
    (listener) => session.subscribe(listener),
    () => session.token,
    // A page's first view rendered by the server (src/server-render.tsx) and its hydration.
    () => session.token,
  );
}

/**
 * The user state (token, user info, authorities). User info is fetched whenever a
 * token exists and none is loaded; when it fails to load, the session is cleared.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const token = useSessionToken();
  const queryClient = useQueryClient();
  const userQuery = useQuery({ ...userInfoQuery(token), enabled: Boolean(token) });

  const signIn = useCallback((newToken: string) => session.signIn(newToken), []);
  const signOut = useCallback(async () => {
    try {
      if (session.token) await api.post('/system/logout');
    } finally {
      session.signedOut = true;
      // A logout whose token the server had already dropped is still a logout: no "session ended".
      session.endedByServer = false;
      session.redirectPath = null;
      session.clear();
      queryClient.removeQueries({ queryKey: queryKeys.userInfo.all });
    }
  }, [queryClient]);

  const user = token ? userQuery.data : undefined;
  const value = useMemo<AuthState>(
    () => ({
      token,
      user,
      authorities: user?.authorities ?? [],
      // A user info kept from before the server sent abilities offers nothing until asked again.
      abilities: user?.abilities ?? NO_ABILITIES,
      isLoadingUser: Boolean(token) && userQuery.isPending,
      signIn,
      signOut,
    }),
    [token, user, userQuery.isPending, signIn, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/**
 * GET /userinfo for a token. The answer is kept with the session (session.userInfo): a page opened
 * again paints with it while it is asked again (app/preload.ts).
 */
export function userInfoQuery(token: string | null) {
  return queryOptions({
    queryKey: queryKeys.userInfo.of(token),
    queryFn: async () => {
      try {
        const user = await api.get<UserInfo>('/userinfo');
        if (session.token === token) session.userInfo = user;
        return user;
      } catch (error) {
        // Only an answer from the server ends the session; an aborted or failed fetch (status 0) does not.
        if (error instanceof ApiError && error.status !== 0) session.clear();
        throw error;
      }
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}

/**
 * Whether the signed-in person changes data (the server's `abilities.write`): a viewer's pages
 * leave out their writing buttons. The server refuses a viewer's writes whatever the page shows.
 */
export function useCanWrite(): boolean {
  return useAuth().abilities.write;
}

/** What the signed-in person may do, as GET /userinfo says. */
export function useAbilities(): Abilities {
  return useAuth().abilities;
}
