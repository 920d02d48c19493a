/** The trading service (issue #14): EOI commands, quote lists and negotiations, on the app's clock, market hours and exchanges. */
import type { Principal } from '../../../shared/accessPolicy.js';
import type {
  ClientUsersQuery,
  CloseEois,
  CreateEoi,
  DepthQuery,
  MarketQuery,
  MyEoisQuery,
  PrivateRunQuery,
  RfqQuoteQuery,
} from '../../../shared/contracts/trading.js';
import type { ServiceDeps } from '../../serviceDeps.js';
import { createExchanges } from '../../exchanges/rfqSimulator.js';
import { timedSweep } from '../../metrics/processMetrics.js';
import { acceptCluster, getCluster, respond, updateCluster } from './clusterCommands.js';
import type { DealBooker, TradingDeps } from './eoiCommands.js';
import { clusterView, listClusters } from './clusterRepository.js';
import { closeEoi, closeEois, createEoi, expireEoi, updateEoi } from './eoiCommands.js';
import { marketList, myEois, privateRun, rfqQuotes } from './eoiLists.js';
import { setBrokerage, setMembers } from './clusterBrokers.js';
import { type UploadedFile, uploadEois } from './eoiUpload.js';
import { marketDepth } from './marketDepth.js';
import { createMarketSimulator, simulatedFirmsOf } from './marketSimulator.js';
import { agents, clientUsers, facilitators } from './tradeDirectory.js';
import { tradingTimings } from './timings.js';
import { answerPendingDeals } from './exchangeAnswers.js';
import { startSweep } from '../sweep.js';
import { expireDueQuotes } from './validityExpiry.js';

const CLUSTER_LIST_LIMIT = 200;
/** How often the validity sweep runs (on the injected timers; what is due reads the clock). */
const EXPIRY_SWEEP_MS = 5_000;
/** How often deals waiting on a platform are asked about. */
const ANSWERS_SWEEP_MS = 2_000;

export function createTradingService({ db, clock, timers, runAlone, config }: ServiceDeps, bookDeal: DealBooker) {
  const deps: TradingDeps = { db, clock, marketHours: config.marketHours, exchanges: createExchanges(clock), bookDeal };
  const service = {
    /** The RFQ platforms deals go to (simulators; tests and the demo tell them to reject). */
    exchanges: deps.exchanges,
    createEoi: (principal: Principal, input: CreateEoi) => createEoi(deps, principal, input),
    updateEoi: (principal: Principal, id: number, body: unknown) => updateEoi(deps, principal, id, body),
    expireEoi: (principal: Principal, id: number) => expireEoi(deps, principal, id),
    closeEoi: (principal: Principal, id: number, body: unknown) => closeEoi(deps, principal, id, body),
    closeEois: (principal: Principal, input: CloseEois) => closeEois(deps, principal, input),
    market: (principal: Principal, query: MarketQuery) => marketList(deps, principal, query),
    privateRun: (principal: Principal, query: PrivateRunQuery) => privateRun(deps, principal, query),
    myEois: (principal: Principal, query: MyEoisQuery) => myEois(deps, principal, query),
    rfqQuotes: (principal: Principal, query: RfqQuoteQuery) => rfqQuotes(deps, principal, query),
    depth: (principal: Principal, query: DepthQuery) => marketDepth(deps, principal, query),
    upload: (principal: Principal, file: UploadedFile) => uploadEois(deps, principal, file),
    facilitators: () => facilitators(db),
    agents: (principal: Principal) => agents(db, principal),
    clientUsers: (clientId: number, query: ClientUsersQuery) => clientUsers(db, clientId, query),
    setMembers: (principal: Principal, id: number, body: unknown) => setMembers(deps, principal, id, body),
    setBrokerage: (principal: Principal, id: number, body: unknown) => setBrokerage(deps, principal, id, body),
    respond: (principal: Principal, body: unknown) => respond(deps, principal, body),
    clusters: async (principal: Principal) =>
      Promise.all((await listClusters(db, principal, CLUSTER_LIST_LIMIT)).map((c) => clusterView(db, c, principal))),
    cluster: (principal: Principal, id: number) => getCluster(deps, principal, id),
    updateCluster: (principal: Principal, id: number, body: unknown) => updateCluster(deps, principal, id, body),
    acceptCluster: (principal: Principal, id: number, body: unknown) => acceptCluster(deps, principal, id, body),
    timings: (principal: Principal) => tradingTimings(deps, principal),
    /** Expires the quotes whose validity has run out by the clock (the job's one sweep). */
    expireDueQuotes: () => expireDueQuotes(db, clock),
    /** Starts the durable validity job: a catch-up sweep now, then one every few seconds. */
    startValidityExpiry: (onError: (error: unknown) => void) =>
      startSweep(
        () =>
          runAlone(
            'validity-expiry',
            timedSweep('validity_expiry', () => expireDueQuotes(db, clock)),
          ),
        timers,
        EXPIRY_SWEEP_MS,
        onError,
      ),
    /**
     * Records the platforms' answers to deals still PENDING (late answers, or a stop between commit
     * and send); a deal that fails is passed to `onFailed` and the others go on.
     */
    answerPendingDeals: (onFailed: (error: Error) => void) => answerPendingDeals(deps, onFailed),
    /** Starts the answers job; each deal that fails, and a sweep that fails as a whole, goes to `onError`. */
    startExchangeAnswers: (onError: (error: unknown) => void) =>
      startSweep(
        () =>
          runAlone(
            'exchange-answers',
            timedSweep('exchange_answers', () => answerPendingDeals(deps, onError)),
          ),
        timers,
        ANSWERS_SWEEP_MS,
        onError,
      ),
  };
  return {
    ...service,
    /** The demo market: simulated firms acting through this service every `everyMs` (MARKET_SIMULATOR). */
    startMarketSimulator: (everyMs: number, onError: (error: unknown) => void) =>
      createMarketSimulator({ db, clock, timers, trading: service }).start(everyMs, onError).stop,
    /** The demo market's firms by client id (settlement acts for them as counterparties). */
    simulatedFirms: simulatedFirmsOf(db),
  };
}
