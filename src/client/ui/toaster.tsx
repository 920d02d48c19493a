/**
 * Toasts (spec 02 §2, §8): plain, loader and connectivity groups at the top centre; the
 * notification group, and any toast without a group, at the top right. Errors and successes
 * play a sound; a toast lives 4000 ms unless it says otherwise.
 */
import { Intent, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';
import type { ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { TOAST_LIFE_MS } from '../../shared/constants';
import { playSound } from './sounds';

export type ToastSeverity = 'error' | 'success' | 'warn' | 'info';
export type ToastGroup = 'plain' | 'loader' | 'connectivity' | 'notification';

/** The toast message of spec 02 §3. `life` 0 keeps it until dismissed. */
export interface ToastMessage {
  summary: string;
  detail?: string;
  severity: ToastSeverity;
  life?: number;
  group?: ToastGroup;
  closable?: boolean;
  actionUrl?: string;
  actionText?: string;
  /** Names the toast so it can be dismissed later (`dismissToast`). */
  key?: string;
}

const TOP_CENTER_GROUPS: readonly ToastGroup[] = ['plain', 'loader', 'connectivity'];
const INTENTS: Record<ToastSeverity, Intent> = {
  error: Intent.DANGER,
  success: Intent.SUCCESS,
  warn: Intent.WARNING,
  info: Intent.PRIMARY,
};
const ICONS = { error: 'error', success: 'tick-circle', warn: 'warning-sign', info: 'info-sign' } as const;

let topCenter: Promise<Toaster> | undefined;
let topRight: Promise<Toaster> | undefined;
// The toasters' own React roots, kept so they can be unmounted (tests end every page with that).
const roots: Root[] = [];
const renderToaster = (element: ReactElement, container: Element | DocumentFragment) => {
  const root = createRoot(container);
  roots.push(root);
  root.render(element);
};

function toasterFor(group: ToastGroup | undefined): Promise<Toaster> {
  if (group && TOP_CENTER_GROUPS.includes(group)) {
    topCenter ??= OverlayToaster.create({ position: Position.TOP, className: 'kosh-toasts-top' }, { domRenderer: renderToaster });
    return topCenter;
  }
  topRight ??= OverlayToaster.create({ position: Position.TOP_RIGHT, className: 'kosh-toasts-top-right' }, { domRenderer: renderToaster });
  return topRight;
}

/** Removes the toasters and their pending timers from the page. */
export function unmountToasters(): void {
  for (const root of roots.splice(0)) root.unmount();
  topCenter = undefined;
  topRight = undefined;
}

/** Shows a toast and resolves to its key. */
export async function showToast(message: ToastMessage): Promise<string> {
  const toaster = await toasterFor(message.group);
  if (message.severity === 'error') playSound('error');
  if (message.severity === 'success') playSound('notification');
  return toaster.show(
    {
      intent: INTENTS[message.severity],
      icon: ICONS[message.severity],
      timeout: message.life ?? TOAST_LIFE_MS,
      isCloseButtonShown: message.closable ?? true,
      message: (
        <div className="kosh-toast" data-severity={message.severity}>
          <strong>{message.summary}</strong>
          {message.detail && <div>{message.detail}</div>}
        </div>
      ),
      ...(message.actionUrl && { action: { href: message.actionUrl, text: message.actionText ?? 'Open' } }),
    },
    message.key,
  );
}

/** Removes a toast shown with `key` from its group. */
export async function dismissToast(key: string, group?: ToastGroup): Promise<void> {
  (await toasterFor(group)).dismiss(key);
}
