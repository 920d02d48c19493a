/** The full-page error screen of spec 02 §8: title and text by status, Back to Home above 200. */
import { Button, Intent, NonIdealState } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  BACK_TO_HOME,
  ERROR_SCREENS,
  INVITE_INVALID_LINKS,
  PREMIUM_BULLETS,
  REQUEST_UPGRADE,
  type ErrorScreenText,
} from '../../shared/messages';

export interface ErrorScreenProps {
  status: number;
  /** Replaces the status's standard text (e.g. 'Page not found: /nope'). */
  message?: string;
  homePath?: string;
  /** The 402 wall's Request Upgrade action; absent until the caller can store the request. */
  onRequestUpgrade?: () => void;
  /** Shown as "Try again" when the failure may pass (a page that failed to load). */
  onRetry?: () => void;
  /** The way to reach support (the support form's button) for a signed-in user. */
  support?: ReactNode;
}

const INVITE_LINK_TARGETS: Record<(typeof INVITE_INVALID_LINKS)[number], string> = {
  'Our Website': '/',
  'Read our blog': '/best-practices',
  'Learn more': '/about',
};

function screenText(status: number): ErrorScreenText {
  return status in ERROR_SCREENS ? ERROR_SCREENS[status as keyof typeof ERROR_SCREENS] : ERROR_SCREENS.other;
}

const ICONS: Record<number, 'lock' | 'search' | 'link' | 'crown' | 'error'> = { 401: 'lock', 402: 'crown', 404: 'search', 410: 'link' };

/** Renders the error screen for `status`. */
export function ErrorScreen({ status, message, homePath = '/', onRequestUpgrade, onRetry, support }: ErrorScreenProps) {
  const navigate = useNavigate();
  const { title, text } = screenText(status);
  return (
    <div className="kosh-error-screen" role="alert" data-status={status}>
      <NonIdealState
        icon={ICONS[status] ?? 'error'}
        title={title}
        description={
          <div className="kosh-error-screen__body">
            {(message ?? text) && <p>{message ?? text}</p>}
            {message && text && <p className="bp6-text-muted">{text}</p>}
            {status === 402 && (
              <ul className="kosh-error-screen__bullets">
                {PREMIUM_BULLETS.map((b) => (
                  <li key={b}>{b}</li>
                ))}
              </ul>
            )}
            {status === 410 && (
              <p className="kosh-error-screen__links">
                {INVITE_INVALID_LINKS.map((label) => (
                  <a key={label} href={INVITE_LINK_TARGETS[label]}>
                    {label}
                  </a>
                ))}
              </p>
            )}
          </div>
        }
        action={
          <div className="kosh-error-screen__actions">
            {status === 402 && onRequestUpgrade && <Button intent={Intent.PRIMARY} text={REQUEST_UPGRADE} onClick={onRequestUpgrade} />}
            {onRetry && <Button icon="refresh" text="Try again" onClick={onRetry} />}
            {status > 200 && <Button icon="home" text={BACK_TO_HOME} onClick={() => navigate(homePath)} />}
            {support}
          </div>
        }
      />
    </div>
  );
}
