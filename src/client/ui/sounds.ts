/** Notification sounds (spec 02 §8: errors and successes play one; spec 02 §4: buzz its own). */
const SOUNDS = {
  notification: '/sounds/notification.wav',
  error: '/sounds/error.wav',
  buzz: '/sounds/buzz.wav',
} as const;

export type SoundName = keyof typeof SOUNDS;

/** Plays a sound; browsers refuse audio before the first user gesture, which is fine to ignore. */
export function playSound(name: SoundName): void {
  if (typeof Audio === 'undefined') return;
  new Audio(SOUNDS[name]).play().catch(() => undefined);
}
