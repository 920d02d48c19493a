/** The application: providers around the router. */
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './router';
import { createSystem, SystemProvider } from './system';

export function App() {
  const routerRef = useRef<ReturnType<typeof createAppRouter> | null>(null);
  const [system] = useState(() => createSystem((to) => void routerRef.current?.navigate(to)));
  const [router] = useState(createAppRouter);
  routerRef.current = router;
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
