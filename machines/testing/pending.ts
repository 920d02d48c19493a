/** An effect that never settles: a model decides its outcome with explicit xstate.done/error events. */
import { fromPromise } from 'xstate';

export const pending = () => fromPromise<never, never>(() => new Promise<never>(() => undefined)) as never;
