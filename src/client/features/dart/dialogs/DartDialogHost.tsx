/**
 * The one place the dart page asks for a trading dialog: panels and keyboard shortcuts call
 * `useDartDialogs().open(request)`; the host keeps the open request and renders its dialog.
 */
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { ClusterView, EoiView, QUOTE_TYPES } from '../../../../shared/contracts/trading';

export type DartDialogRequest =
  | { kind: 'newEoi'; side: (typeof QUOTE_TYPES)[number]; bondId?: number }
  | { kind: 'respond'; eoi: EoiView }
  | { kind: 'counter'; cluster: ClusterView }
  | { kind: 'expire'; eoi: EoiView }
  | { kind: 'close'; eoi: EoiView }
  | { kind: 'accept'; cluster: ClusterView }
  | { kind: 'upload' };

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

export function DartDialogHost({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<DartDialogRequest | null>(null);
  const dialogs = useMemo<DartDialogs>(() => ({ open: setCurrent, close: () => setCurrent(null), current }), [current]);
  return <DartDialogsContext.Provider value={dialogs}>{children}</DartDialogsContext.Provider>;
}
