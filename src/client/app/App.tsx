/** The application: providers around the router. */
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './router';
import { createSystem, SystemProvider } from './system';

export function App() {
  const [system] = useState(createSystem);
  const [router] = useState(createAppRouter);
  return (
    <QueryClientProvider client={system.queryClient}>
      <SystemProvider system={system}>
        <RouterProvider router={router} />
      </SystemProvider>
    </QueryClientProvider>
  );
}
