/**
 * The one place the dart page asks for a trading dialog: panels and keyboard shortcuts call
 * `useDartDialogs().open(request)`; the host keeps the open request and renders its dialog. It also
 * sounds the notification when the other side acts in a negotiation (spec 01 §9).
 */
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { ClusterView, EoiView, QUOTE_TYPES } from '../../../../shared/contracts/trading';
import { useLiveMessages } from '../../../app/liveMessages';
import { useSessionProfile } from '../../../app/sessionView';
import { playSound } from '../../../ui/sounds';
import { AcceptDialog } from './AcceptDialog';
import { CounterDialog } from './CounterDialog';
import { EoiDialog } from './EoiDialog';
import { CloseDialog, EndNegotiationDialog, ExpireDialog } from './EndQuoteDialogs';
import { RespondDialog } from './RespondDialog';
import { UploadDialog } from './UploadDialog';
import { ReportTradeDialog } from '../../transactions/ReportTradeDialog';
import './dialogs.css';

export type DartDialogRequest =
  | { kind: 'newEoi'; side: (typeof QUOTE_TYPES)[number]; bondId?: number }
  | { kind: 'respond'; eoi: EoiView }
  | { kind: 'counter'; cluster: ClusterView }
  | { kind: 'expire'; eoi: EoiView }
  | { kind: 'close'; eoi: EoiView }
  | { kind: 'accept'; cluster: ClusterView }
  | { kind: 'endNegotiation'; cluster: ClusterView }
  | { kind: 'upload' }
  | { kind: 'reportTrade' };

export interface DartDialogs {
  open(request: DartDialogRequest): void;
  close(): void;
  /** The dialog showing now, if any. */
  current: DartDialogRequest | null;
}

const DartDialogsContext = createContext<DartDialogs | null>(null);

export function useDartDialogs(): DartDialogs {
  const dialogs = useContext(DartDialogsContext);
  if (!dialogs) throw new Error('useDartDialogs needs a DartDialogHost above it');
  return dialogs;
}

/** The dialog of one request. */
export function DartDialog({ request, onClose }: { request: DartDialogRequest; onClose: () => void }) {
  switch (request.kind) {
    case 'newEoi':
      return <EoiDialog side={request.side} bondId={request.bondId} onClose={onClose} />;
    case 'respond':
      return <RespondDialog eoi={request.eoi} onClose={onClose} />;
    case 'counter':
      return <CounterDialog cluster={request.cluster} onClose={onClose} />;
    case 'expire':
      return <ExpireDialog eoi={request.eoi} onClose={onClose} />;
    case 'close':
      return <CloseDialog eoi={request.eoi} onClose={onClose} />;
    case 'accept':
      return <AcceptDialog cluster={request.cluster} onClose={onClose} />;
    case 'endNegotiation':
      return <EndNegotiationDialog cluster={request.cluster} onClose={onClose} />;
    case 'upload':
      return <UploadDialog onClose={onClose} />;
    case 'reportTrade':
      return <ReportTradeDialog onClose={onClose} />;
  }
}

/**
 * Spec 01 §9: the sound plays for responses — a negotiation message (a response, counter,
 * acceptance) from the other side. The echo of the user's own action is silent: they just did it.
 */
function NegotiationSound() {
  const me = useSessionProfile()?.user_info.id;
  useLiveMessages('rfq_negotiation', (message) => {
    if (me === undefined || message.actor_user_id !== String(me)) playSound('notification');
  });
  return null;
}

export function DartDialogHost({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<DartDialogRequest | null>(null);
  const dialogs = useMemo<DartDialogs>(() => ({ open: setCurrent, close: () => setCurrent(null), current }), [current]);
  return (
    <DartDialogsContext.Provider value={dialogs}>
      {children}
      <NegotiationSound />
      {/* A new request replaces the dialog whole: a fresh form, never the last one's values. */}
      {current && <DartDialog key={JSON.stringify(current)} request={current} onClose={dialogs.close} />}
    </DartDialogsContext.Provider>
  );
}
