/** The application: providers around the router, both created once per page load (main.tsx). */
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import type { AppRouter } from './router';
import { SystemProvider, type System } from './system';

export function App({ system, router }: { system: System; router: AppRouter }) {
  useEffect(() => {
    let path = router.state.location.pathname;
    // Every navigation checks the deployed version (spec 01 §4).
    return router.subscribe((state) => {
      if (state.location.pathname === path) return;
      path = state.location.pathname;
      system.appVersion.send({ type: 'route.changed' });
    });
  }, [router, system]);
  return (
    <QueryClientProvider client={system.queryClient}>
      <SystemProvider system={system}>
        <RouterProvider router={router} />
      </SystemProvider>
    </QueryClientProvider>
  );
}
