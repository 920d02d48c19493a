/**
 * A start-up failure the operator can act on: its message says what is wrong and what to do, so
 * the process prints it alone (no stack) and exits non-zero.
 */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

/** What the process prints for an error that ended it. */
export function describeFatal(error: unknown): string {
  if (error instanceof StartupError) return error.message;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
