import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { unmountToasters } from './ui/toaster';

// Toasts live in their own React roots with 4 s timers; none may outlive the test's page.
afterEach(() => {
  cleanup();
  unmountToasters();
});
