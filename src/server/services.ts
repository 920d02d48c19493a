/**
 * The domain's composition root (ADR 0005): every service a route uses is created here, once, from
 * the app's infrastructure, and reached as `ctx.services.<area>`. Services own their caches and keys;
 * handlers only parse, call one service and shape the answer.
 */
import type { BuildInfo } from './appContext.js';
import { createAuthService } from './domain/auth/authService.js';
import { createSessionService } from './domain/auth/sessionView.js';
import { createChatService } from './domain/chat/chatService.js';
import { createErrorReporter } from './domain/clientErrors/errorReporter.js';
import { bookDeal } from './domain/orders/dealBooking.js';
import { createSettlementService } from './domain/orders/settlement.js';
import { createClientService } from './domain/clients/clientService.js';
import { createRegistrationService } from './domain/clients/registrationService.js';
import { createCredentialService } from './domain/credentials/credentialStore.js';
import { createDocumentService } from './domain/documents/documentService.js';
import { createFinderService } from './domain/finder/finderService.js';
import { createInstrumentService } from './domain/instruments/instrumentService.js';
import { createInviteService } from './domain/invites/invites.js';
import { createSecurityEventService } from './domain/security/securityEvents.js';
import { createPasswordService } from './domain/passwords/passwordReset.js';
import { createRequestService } from './domain/requests/requests.js';
import { builtInDesk, intercomDesk } from './domain/support/supportDesk.js';
import { createSupportService } from './domain/support/supportService.js';
import { createOrderService } from './domain/orders/orderService.js';
import { createTradingService } from './domain/trading/tradingService.js';
import { createUserAccountService } from './domain/users/userAccounts.js';
import type { ServiceDeps } from './serviceDeps.js';

export function createServices(deps: ServiceDeps, build: BuildInfo) {
  // Orders settle through the clearing corporations of the same exchange gateways deals go to.
  // A deal the exchange confirms is booked as an order by the orders area, in the same transaction.
  const trading = createTradingService(deps, bookDeal);
  const auth = createAuthService(deps);
  return {
    auth,
    delivery: deps.delivery,
    sessions: createSessionService(deps),
    clients: createClientService(deps),
    registration: createRegistrationService(deps),
    credentials: createCredentialService(deps),
    users: createUserAccountService(deps),
    invites: createInviteService(deps, auth),
    securityEvents: createSecurityEventService(deps),
    passwords: createPasswordService(deps),
    requests: createRequestService(deps),
    support: createSupportService({
      db: deps.db,
      clock: deps.clock,
      devMode: deps.config.supportDesk.devMode,
      desk: supportDeskOf(deps.config),
    }),
    finder: createFinderService(deps),
    instruments: createInstrumentService(deps),
    documents: createDocumentService(deps),
    trading,
    orders: createOrderService(deps),
    settlement: createSettlementService(deps, trading.exchanges, deps.config.marketSimulator.enabled ? trading.simulatedFirms : undefined),
    chat: createChatService(deps),
    /** Forwards browser error reports when ERROR_REPORTING_DSN is set; null otherwise. */
    errorReporter: createErrorReporter(deps.config.errorReportingDsn, deps.clock, build.version),
  };
}

export type Services = ReturnType<typeof createServices>;

/** Intercom when SUPPORT_DESK_TOKEN is set, else the built-in desk (tickets in the database only). */
function supportDeskOf({ supportDesk: { token, baseUrl } }: ServiceDeps['config']) {
  return token ? intercomDesk({ token, baseUrl }) : builtInDesk;
}
