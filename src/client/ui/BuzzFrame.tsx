/**
 * Shakes its content for BUZZ_DURATION_MS when a buzz arrives (spec 02 §4), over the buzz machine.
 * The caller passes the id of the latest buzz message; each new id is one buzz (the id it mounts
 * with is history, not a buzz received), and a buzz while the frame is shaking does not prolong it.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { buzzMachine } from '../../../machines/buzz.machine';
import { inspect } from '../app/actorInspection';
import './BuzzFrame.css';

export interface BuzzFrameProps {
  /** The latest buzz message's id; null or undefined until one arrives. */
  lastBuzzId?: string | number | null;
  children: ReactNode;
}

export function BuzzFrame({ lastBuzzId, children }: BuzzFrameProps) {
  const actor = useActorRef(buzzMachine, { inspect });
  const state = useSelector(actor, (s) => s.value);
  const shaking = useSelector(actor, (s) => s.hasTag('shaking'));
  const seen = useRef(lastBuzzId);
  useEffect(() => {
    if (lastBuzzId === null || lastBuzzId === undefined || lastBuzzId === seen.current) return;
    seen.current = lastBuzzId;
    actor.send({ type: 'buzz.received' });
  }, [actor, lastBuzzId]);
  return (
    <div className={shaking ? 'kosh-buzz kosh-buzz--shaking' : 'kosh-buzz'} data-buzz={state}>
      {children}
    </div>
  );
}
