/** Test helpers of the account pages: providers, a signed-in session fixture and its msw handlers. */
import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import type { Session } from '../../../shared/contracts/auth';
import { renderRoute } from '../../app/testing';

/** A signed-in OpsAdmin of a premium client, as GET api/session/ answers. */
export function sessionFixture(overrides: Partial<Session> = {}, user: Partial<Session['user_info']> = {}): Session {
  return {
    name: 'Arihant Capital Markets Ltd',
    user_info: {
      id: 7,
      unique_id: 'u-7',
      first_name: 'Sanjay',
      last_name: 'Kulkarni',
      email: 'clientopsadmin@arihant.demo',
      mobile: '9876543210',
      roles: ['clientopsadmin', 'user'],
      single_screen_waitlist_joined: false,
      has_accepted_chat_terms: false,
      user_security_preferences: {},
      notification_subscriber_id: 'sub-7',
      ...user,
    },
    user_accounts: [],
    permissions: ['client.can_trade'],
    client_type: 'CORP',
    client_tier: 'PREMIUM',
    allowed_exchanges: ['NSCCL', 'ICCL'],
    allowed_reporting_exchanges: [],
    rfq_exchanges: [],
    stp_exchanges: [],
    is_broker: false,
    is_staff: false,
    has_brokers: false,
    trades_on_books: false,
    nsccl_credentials: false,
    iccl_credentials: false,
    nsccl_name: null,
    iccl_name: null,
    ...overrides,
  };
}

/** Handlers that restore `session()` at start and on every refresh (the refresh cookie path). */
export function signedInHandlers(session: () => Session) {
  return [
    http.post('*/api/token/refresh/', () =>
      HttpResponse.json({ access: 'access-token', refresh: 'refresh-token', refresh_expires_in: 86_400 }),
    ),
    http.get('*/api/session/', () => HttpResponse.json(session())),
  ];
}

/** Renders `page` at `path` inside the app's system, query client and a memory router. */
export const renderPage = (page: ReactNode, path = '/', routes: Record<string, ReactNode> = {}) =>
  renderRoute(page, path, undefined, routes);

/** Types `value` into the field labelled `label` (one change event, as react-hook-form reads it). */
export function typeInto(label: string | HTMLElement, value: string) {
  const field = typeof label === 'string' ? screen.getByLabelText(label) : label;
  fireEvent.change(field, { target: { value } });
}

/** Clicks the button named `name`. */
export function clickButton(name: string | RegExp) {
  fireEvent.click(screen.getByRole('button', { name }));
}
