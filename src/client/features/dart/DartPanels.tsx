/** The dart panels: each reads its list, follows the live feed and reports the row the user focuses. */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ClusterView, EoiView } from '../../../shared/contracts/trading';
import { DART_EMPTY_TEXTS, SECTION_EMPTY_STATES } from '../../../shared/messages';
import { useBrand } from '../../app/appConfig';
import { useLiveMessages } from '../../app/liveMessages';
import { depthColumns, negotiationColumns, networkColumns, quoteColumns, type DepthRow } from './dartColumns';
import { dartKeys, depthQuery, myQuotesQuery, negotiationsQuery, privateRunsQuery, publicRunsQuery, rfqQuotesQuery } from './dartQueries';
import { LiveGrid, type LiveTopic } from './LiveGrid';
import { useCoalescedRefetch } from './liveRows';
import { counterpartiesOf, type Counterparty } from './network';
import { PanelState } from './PanelState';
import { useOverrideConsiderations } from './priceOverrides';

/** The bond the page follows. */
export interface SelectedBond {
  finstrumentId: number;
  isin: string;
  name: string;
}

export interface PanelProps<T> {
  selectedBondId: number | null;
  onFocusRow: (row: T | null, byUser: boolean) => void;
}

const eoiRowId = (row: EoiView) => String(row.id);
const eoiBondId = (row: EoiView) => row.finstrument_id;
const onMarket = (row: EoiView) => row.status === 'live' || row.status === 'negotiating';
const RUN_TOPICS: readonly LiveTopic[] = ['eois'];
const PRIVATE_TOPICS: readonly LiveTopic[] = ['runs'];
const MINE_TOPICS: readonly LiveTopic[] = ['eois', 'runs'];
const NEGOTIATION_TOPICS: readonly LiveTopic[] = ['negotiations'];
const marketColumns = quoteColumns({ showClient: true });
const myColumns = quoteColumns({ showClient: false });

export function PublicRunsPanel(props: PanelProps<EoiView>) {
  const overrides = useOverrideConsiderations();
  const brand = useBrand();
  const query = useQuery(publicRunsQuery);
  const refetch = useCoalescedRefetch(dartKeys.publicRuns());
  return (
    <PanelState title="Public runs" query={query} restriction={query.data?.restriction}>
      <LiveGrid<EoiView>
        label="Public runs"
        context={overrides}
        rows={query.data?.results}
        columnDefs={marketColumns}
        rowId={eoiRowId}
        bondIdOf={eoiBondId}
        topics={RUN_TOPICS}
        keep={onMarket}
        onStale={refetch}
        {...props}
        empty={SECTION_EMPTY_STATES.publicRuns.replace('CBC', brand)}
      />
    </PanelState>
  );
}

export function PrivateRunsPanel(props: PanelProps<EoiView>) {
  const overrides = useOverrideConsiderations();
  const query = useQuery(privateRunsQuery);
  const refetch = useCoalescedRefetch(dartKeys.privateRuns());
  // A run sent, updated or withdrawn is a low-rate notice: the list is fetched again.
  useLiveMessages('private_run', refetch);
  return (
    <PanelState title="Private runs" query={query} restriction={query.data?.restriction}>
      <LiveGrid<EoiView>
        label="Private runs"
        context={overrides}
        rows={query.data?.results}
        columnDefs={marketColumns}
        rowId={eoiRowId}
        bondIdOf={eoiBondId}
        topics={PRIVATE_TOPICS}
        keep={onMarket}
        onStale={refetch}
        {...props}
        empty={SECTION_EMPTY_STATES.privateRuns}
      />
    </PanelState>
  );
}

export function MyQuotesPanel(props: PanelProps<EoiView>) {
  const overrides = useOverrideConsiderations();
  const query = useQuery(myQuotesQuery);
  const refetch = useCoalescedRefetch(dartKeys.myQuotes());
  return (
    <PanelState title="My quotes" query={query}>
      <LiveGrid<EoiView>
        label="My quotes"
        context={overrides}
        rows={query.data}
        columnDefs={myColumns}
        rowId={eoiRowId}
        bondIdOf={eoiBondId}
        topics={MINE_TOPICS}
        onStale={refetch}
        {...props}
        empty={DART_EMPTY_TEXTS.myQuotes}
      />
    </PanelState>
  );
}

export function RfqQuotesPanel(props: PanelProps<EoiView>) {
  const overrides = useOverrideConsiderations();
  const query = useQuery(rfqQuotesQuery);
  const refetch = useCoalescedRefetch(dartKeys.rfqQuotes());
  return (
    <PanelState title="RFQ quotes" query={query} restriction={query.data?.restriction}>
      <LiveGrid<EoiView>
        label="RFQ quotes"
        context={overrides}
        rows={query.data?.results}
        columnDefs={marketColumns}
        rowId={eoiRowId}
        bondIdOf={eoiBondId}
        topics={RUN_TOPICS}
        keep={onMarket}
        onStale={refetch}
        {...props}
        empty={SECTION_EMPTY_STATES.rfqQuotes}
      />
    </PanelState>
  );
}

const clusterRowId = (row: ClusterView) => String(row.id);
const clusterBondId = (row: ClusterView) => row.finstrument_id;

export function NegotiationsPanel(props: PanelProps<ClusterView>) {
  const query = useQuery(negotiationsQuery);
  const refetch = useCoalescedRefetch(dartKeys.negotiations());
  // Negotiation notices are low-rate: they refetch the list (its figures are priced on the server).
  useLiveMessages('rfq_negotiation', refetch);
  return (
    <PanelState title="Negotiations" query={query}>
      <LiveGrid<ClusterView>
        label="Negotiations"
        rows={query.data}
        columnDefs={negotiationColumns}
        rowId={clusterRowId}
        bondIdOf={clusterBondId}
        topics={NEGOTIATION_TOPICS}
        onStale={refetch}
        {...props}
        empty={DART_EMPTY_TEXTS.negotiations}
      />
    </PanelState>
  );
}

const depthRowId = (row: DepthRow) => row.key;

export function DepthPanel({ bond }: { bond: SelectedBond | null }) {
  const query = useQuery({ ...depthQuery(bond ?? { finstrumentId: 0, isin: '' }), enabled: bond !== null });
  const refetch = useCoalescedRefetch(dartKeys.depth(bond?.finstrumentId ?? 0));
  // A market quote on this bond changed: its levels are summed on the server, so they are fetched again.
  useLiveMessages('updates', (message) => {
    if (bond && message.topic === 'eois' && message.rows.some((row) => row.finstrument_id === bond.finstrumentId)) refetch();
  });
  // Levels are keyed by bond, side and rank: another bond's levels replace these rather than flash as changes.
  const rows = useMemo(
    () =>
      query.data && [
        ...query.data.asks.map((level, i): DepthRow => ({ ...level, side: 'ASK', key: `${query.data.finstrument_id}-ASK-${i}` })).reverse(),
        ...query.data.bids.map((level, i): DepthRow => ({ ...level, side: 'BID', key: `${query.data.finstrument_id}-BID-${i}` })),
      ],
    [query.data],
  );
  if (!bond)
    return (
      <p className="kosh-dart__hint" role="status">
        {DART_EMPTY_TEXTS.depth}
      </p>
    );
  return (
    <PanelState
      title="Depth"
      query={query}
      restriction={query.data?.restriction}
      upgrade={{ requestType: 'DEPTH_FEATURE', context: { finstrument_id: bond.finstrumentId, isin: bond.isin } }}
    >
      <p className="kosh-dart__caption">{bond.name}</p>
      <LiveGrid<DepthRow>
        label={`Depth of ${bond.name}`}
        rows={rows}
        columnDefs={depthColumns}
        rowId={depthRowId}
        empty="No quotes on this bond."
      />
    </PanelState>
  );
}

const counterpartyRowId = (row: Counterparty) => String(row.id);

export function NetworkPanel() {
  const negotiations = useQuery(negotiationsQuery);
  const privateRuns = useQuery(privateRunsQuery);
  const rows = useMemo(
    () => (negotiations.data && privateRuns.data ? counterpartiesOf(negotiations.data, privateRuns.data.results) : undefined),
    [negotiations.data, privateRuns.data],
  );
  const failed = negotiations.isError ? negotiations : privateRuns;
  return (
    <PanelState title="Build Network" query={failed}>
      <LiveGrid<Counterparty>
        label="Build Network"
        rows={rows}
        columnDefs={networkColumns}
        rowId={counterpartyRowId}
        empty={DART_EMPTY_TEXTS.network}
      />
    </PanelState>
  );
}
