/**
 * Test helpers that render views inside the app's composition root: a fresh system per test
 * (disposed when the test ends), its query client and either a memory router around one page or
 * the whole app with its browser router, under StrictMode as main.tsx renders it.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { onTestFinished } from 'vitest';
import { App } from './App';
import { createAppRouter, type AppRouter } from './router';
import { createSystem, SystemProvider, type System } from './system';

function testSystem(navigate: (to: string) => void = () => undefined): System {
  const system = createSystem(navigate);
  onTestFinished(() => system.dispose());
  return system;
}

/** Renders `page` at `path` (matched by `pattern`) inside a fresh system and a memory router. */
export function renderRoute(page: ReactNode, path: string, pattern = path.split('?')[0] ?? path, routes: Record<string, ReactNode> = {}) {
  const system = testSystem();
  const view = render(
    <QueryClientProvider client={system.queryClient}>
      <SystemProvider system={system}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={pattern} element={page} />
            {Object.entries(routes).map(([to, element]) => (
              <Route key={to} path={to} element={element} />
            ))}
          </Routes>
        </MemoryRouter>
      </SystemProvider>
    </QueryClientProvider>,
  );
  return { ...view, system };
}

/** Renders the whole app as main.tsx does: at the browser's location, or with the router given. */
export function renderApp(router: AppRouter = createAppRouter()) {
  onTestFinished(() => router.dispose());
  const system = testSystem((to) => void router.navigate(to));
  const view = render(
    <StrictMode>
      <App system={system} router={router} />
    </StrictMode>,
  );
  return { ...view, system, router };
}
