/** A placeholder actor for an effect the composition root (or a test) must provide. */
import { fromPromise } from 'xstate';

export function notProvided<TOutput, TInput = void>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${name} is not provided`);
  });
}
