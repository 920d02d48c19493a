/**
 * /dart: the trading dashboard. Public and private runs, the exchange's RFQ quotes, the user's own
 * quotes, negotiations, depth for the selected bond and the Build Network panel, each a live grid
 * in a layout the user rearranges and resizes (kept per user). Focusing a row selects its bond;
 * B / S open a bid / offer on it, Esc closes the dialog, Alt+1…9 jumps into the nth panel's grid.
 * Row actions open dialogs only when the EOI or cluster machine allows them for this user.
 */
import { Button, Callout, Intent } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ClusterView, EoiView } from '../../../shared/contracts/trading';
import { useLiveMessages } from '../../app/liveMessages';
import { useSessionProfile } from '../../app/sessionView';
import { mayChat } from '../../../shared/accessPolicy';
import { DartDialogHost, useDartDialogs } from './dialogs/DartDialogHost';
import { dartKeys, timingsQuery } from './dartQueries';
import { DEFAULT_LAYOUT, loadLayout, saveLayout, type DartLayout, type DartPanelId } from './dartLayout';
import {
  DepthPanel,
  MyQuotesPanel,
  NegotiationsPanel,
  NetworkPanel,
  PrivateRunsPanel,
  PublicRunsPanel,
  RfqQuotesPanel,
  type SelectedBond,
} from './DartPanels';
import { DockLayout } from './DockLayout';
import { FOCUS_GRID_EVENT } from './LiveGrid';
import { clusterActions, eoiActions } from './rowActions';
import { ChatView } from '../chat/ChatView';
import './dart.css';

/** The row each panel has focused, for its header's actions. */
interface Focused {
  publicRuns?: EoiView;
  privateRuns?: EoiView;
  rfqQuotes?: EoiView;
  myQuotes?: EoiView;
  negotiations?: ClusterView;
}
type QuotePanel = 'publicRuns' | 'privateRuns' | 'rfqQuotes' | 'myQuotes';

/** Which lists a `partial_refresh` topic refetches. */
const TOPIC_LISTS: Partial<Record<string, readonly (readonly string[])[]>> = {
  eois: [dartKeys.publicRuns(), dartKeys.myQuotes(), dartKeys.rfqQuotes()],
  runs: [dartKeys.privateRuns(), dartKeys.myQuotes()],
  negotiations: [dartKeys.negotiations()],
};

/** Keys typed into a field or a dialog belong to it, not to the page's shortcuts. */
const ownsKeys = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.closest('[role="dialog"]') !== null);

export function DartPage() {
  return (
    <DartDialogHost>
      <DartDashboard />
    </DartDialogHost>
  );
}

function useUserLayout(): [DartLayout, (layout: DartLayout) => void, () => void] {
  const userId = useSessionProfile()?.user_info.id ?? null;
  const [layout, setLayout] = useState<DartLayout>(() => (userId === null ? DEFAULT_LAYOUT : loadLayout(localStorage, userId)));
  const change = useCallback(
    (next: DartLayout) => {
      setLayout(next);
      if (userId !== null) saveLayout(localStorage, userId, next);
    },
    [userId],
  );
  return [layout, change, () => change(DEFAULT_LAYOUT)];
}

/** The dashboard inside a dialog host (the page gives it one). */
export function DartDashboard() {
  const dialogs = useDartDialogs();
  const queryClient = useQueryClient();
  const timings = useQuery(timingsQuery);
  const [storedLayout, setLayout, resetLayout] = useUserLayout();
  const roles = useSessionProfile()?.user_info.roles;
  // View-only users (viewers, compliance) cannot chat: their layout has no Chat panel.
  const layout = useMemo(
    () => (roles && !mayChat(roles) ? storedLayout.filter((p) => p.id !== 'chat') : storedLayout),
    [storedLayout, roles],
  );
  const [bond, setBond] = useState<SelectedBond | null>(null);
  const [focused, setFocused] = useState<Focused>({});

  const follow = useCallback((row: { finstrument_id: number; isin: string; bond_name: string }) => {
    const id = row.finstrument_id;
    setBond((held) => (held?.finstrumentId === id ? held : { finstrumentId: id, isin: row.isin, name: row.bond_name }));
  }, []);
  // One stable handler per panel: the focused row for its actions; a row the user focused also selects its bond.
  const onFocus = useMemo(() => {
    const focusIn =
      <K extends keyof Focused>(panel: K) =>
      (row: Focused[K] | null, byUser: boolean) => {
        setFocused((held) => ({ ...held, [panel]: row ?? undefined }));
        if (row && byUser) follow(row);
      };
    return {
      publicRuns: focusIn('publicRuns'),
      privateRuns: focusIn('privateRuns'),
      rfqQuotes: focusIn('rfqQuotes'),
      myQuotes: focusIn('myQuotes'),
      negotiations: focusIn('negotiations'),
    };
  }, [follow]);

  useLiveMessages('partial_refresh', (message) => {
    for (const queryKey of TOPIC_LISTS[message.topic] ?? []) void queryClient.invalidateQueries({ queryKey, exact: true });
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey && /^[1-9]$/.test(event.key) && !dialogs.current) {
        const panel = layout[Number(event.key) - 1];
        const grid = panel && document.querySelector(`[data-panel="${panel.id}"] .kosh-dart__grid`);
        if (grid) {
          event.preventDefault();
          grid.dispatchEvent(new Event(FOCUS_GRID_EVENT));
        }
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey || ownsKeys(event.target) || dialogs.current) return;
      const side = event.key === 'b' || event.key === 'B' ? 'BID' : event.key === 's' || event.key === 'S' ? 'ASK' : null;
      if (!side) return;
      event.preventDefault();
      dialogs.open({ kind: 'newEoi', side, bondId: bond?.finstrumentId });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [dialogs, bond, layout]);

  const quoteActions = (panel: QuotePanel) => {
    const eoi = focused[panel];
    const allowed = eoi ? eoiActions(eoi) : { respond: false, expire: false, close: false };
    return (
      <>
        <Button
          size="small"
          variant="minimal"
          text="Respond"
          disabled={!allowed.respond}
          onClick={() => eoi && dialogs.open({ kind: 'respond', eoi })}
        />
        <Button
          size="small"
          variant="minimal"
          text="Expire"
          disabled={!allowed.expire}
          onClick={() => eoi && dialogs.open({ kind: 'expire', eoi })}
        />
        <Button
          size="small"
          variant="minimal"
          text="Close"
          disabled={!allowed.close}
          onClick={() => eoi && dialogs.open({ kind: 'close', eoi })}
        />
      </>
    );
  };
  const negotiationActions = () => {
    const cluster = focused.negotiations;
    const allowed = cluster ? clusterActions(cluster) : { counter: false, accept: false, close: false };
    return (
      <>
        <Button
          size="small"
          variant="minimal"
          text="Counter"
          disabled={!allowed.counter}
          onClick={() => cluster && dialogs.open({ kind: 'counter', cluster })}
        />
        <Button
          size="small"
          variant="minimal"
          text="Accept"
          disabled={!allowed.accept}
          onClick={() => cluster && dialogs.open({ kind: 'accept', cluster })}
        />
        <Button
          size="small"
          variant="minimal"
          text="End"
          disabled={!allowed.close}
          onClick={() => cluster && dialogs.open({ kind: 'endNegotiation', cluster })}
        />
      </>
    );
  };
  const renderActions = (id: DartPanelId) => {
    if (id === 'publicRuns' || id === 'privateRuns' || id === 'rfqQuotes' || id === 'myQuotes') return quoteActions(id);
    if (id === 'negotiations') return negotiationActions();
    return null;
  };

  const selectedBondId = bond?.finstrumentId ?? null;
  const renderPanel = (id: DartPanelId) => {
    switch (id) {
      case 'publicRuns':
        return <PublicRunsPanel selectedBondId={selectedBondId} onFocusRow={onFocus.publicRuns} />;
      case 'privateRuns':
        return <PrivateRunsPanel selectedBondId={selectedBondId} onFocusRow={onFocus.privateRuns} />;
      case 'rfqQuotes':
        return <RfqQuotesPanel selectedBondId={selectedBondId} onFocusRow={onFocus.rfqQuotes} />;
      case 'myQuotes':
        return <MyQuotesPanel selectedBondId={selectedBondId} onFocusRow={onFocus.myQuotes} />;
      case 'negotiations':
        return <NegotiationsPanel selectedBondId={selectedBondId} onFocusRow={onFocus.negotiations} />;
      case 'depth':
        return <DepthPanel bond={bond} />;
      case 'network':
        return <NetworkPanel />;
      case 'chat':
        return <ChatView compact />;
    }
  };

  return (
    <div className="kosh-dart">
      <div className="kosh-dart__toolbar" role="toolbar" aria-label="Dashboard">
        <Button
          intent={Intent.SUCCESS}
          icon="plus"
          text="Bid (B)"
          onClick={() => dialogs.open({ kind: 'newEoi', side: 'BID', bondId: bond?.finstrumentId })}
        />
        <Button
          intent={Intent.DANGER}
          icon="plus"
          text="Offer (S)"
          onClick={() => dialogs.open({ kind: 'newEoi', side: 'ASK', bondId: bond?.finstrumentId })}
        />
        <Button icon="upload" text="Upload quotes" onClick={() => dialogs.open({ kind: 'upload' })} />
        <Button icon="exchange" text="Report trade" onClick={() => dialogs.open({ kind: 'reportTrade' })} />
        <span className="kosh-dart__selected" data-testid="selected-bond">
          {bond ? `${bond.name} · ${bond.isin}` : 'No bond selected'}
        </span>
        <Button variant="minimal" icon="reset" text="Reset layout" onClick={resetLayout} />
      </div>
      {timings.data?.restriction && (
        <Callout intent={Intent.WARNING} icon="time" className="kosh-dart__restriction">
          {timings.data.restriction}
        </Callout>
      )}
      <DockLayout layout={layout} onChange={setLayout} renderPanel={renderPanel} renderActions={renderActions} />
    </div>
  );
}
