import type { Locale } from '@freight/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import { StyleProvider } from '@ant-design/cssinjs';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AuthProvider } from '../app/auth';
import { antdLocaleOf, changeLocale } from '../i18n';

/**
 * Component tests on jsdom: the app's own providers (i18n, data cache, Ant Design's App, the
 * session, a router) around one component. Nothing reaches a server: the data a component reads is
 * put in the cache beforehand (`data`), and the cache never refetches it. A test file imports
 * ./setup.ts first.
 */

export type RenderOptions = {
  locale?: Locale;
  /** Query cache entries as [queryKey, data]; the key's last part is the language where the app keys so. */
  data?: [readonly unknown[], unknown][];
  /** The address the router starts at, and the route pattern the component is mounted under. */
  path?: string;
  route?: string;
};

export async function renderWithApp(ui: ReactNode, options: RenderOptions = {}) {
  await changeLocale(options.locale ?? 'zh-CN');
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  for (const [key, value] of options.data ?? []) queryClient.setQueryData(key, value);
  const path = options.path ?? '/';
  // Ant Design's styles are computed but not written into the page (as on a server): jsdom resolved
  // every role query against them, which took half a second a query and a second a render.
  const result = render(
    <QueryClientProvider client={queryClient}>
      <StyleProvider mock="server">
        <ConfigProvider locale={antdLocaleOf(options.locale ?? 'zh-CN')}>
          <AntApp>
            <AuthProvider>
              <MemoryRouter initialEntries={[path]}>
                <Routes>
                  <Route path={options.route ?? path} element={ui} />
                  <Route path="*" element={<p>elsewhere</p>} />
                </Routes>
              </MemoryRouter>
            </AuthProvider>
          </AntApp>
        </ConfigProvider>
      </StyleProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
