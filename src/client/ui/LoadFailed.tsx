/** A query that failed: what could not be loaded, why, and a retry. */
import { Button, NonIdealState } from '@blueprintjs/core';
import { toastMessageFromError } from './toastMessage';

export interface LoadFailedProps {
  title: string;
  /** The failure; its message (spec 02 §8 choice) is shown unless `description` is given. */
  error?: unknown;
  description?: string;
  onRetry: () => void;
  className?: string;
}

export function LoadFailed({ title, error, description, onRetry, className }: LoadFailedProps) {
  return (
    <NonIdealState
      className={className}
      icon="error"
      title={title}
      description={description ?? (error === undefined ? undefined : toastMessageFromError(error))}
      action={<Button icon="refresh" text="Try again" onClick={onRetry} />}
    />
  );
}
