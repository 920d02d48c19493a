/** Notification sounds (spec 02 §8: errors and successes play one; spec 02 §4: buzz its own). */
const SOUNDS = {
  notification: '/sounds/notification.wav',
  error: '/sounds/error.wav',
  buzz: '/sounds/buzz.wav',
} as const;

export type SoundName = keyof typeof SOUNDS;

/**
 * Plays a sound. Browsers refuse audio before the first user gesture and some environments have
 * no audio at all; a missing sound must never break the toast it accompanies.
 */
export function playSound(name: SoundName): void {
  try {
    void new Audio(SOUNDS[name]).play()?.catch(() => undefined);
  } catch {
    // no audio support
  }
}
