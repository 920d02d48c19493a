/**
 * Ending one's own live quote: expire takes it off the market (POST api/eoi/expire/{id}/); close
 * ends it for good after the user confirms (PUT api/trade/d/eoi/{id}/close/ with confirm: true).
 * Either party may also end one negotiation (PUT api/trade/cluster/{id}/ with close: true); the
 * quote stays live for others.
 */
import { Checkbox, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { closeEoiSchema, type ClusterView, type EoiView } from '../../../../shared/contracts/trading';
import { useCloseEoi, useCounter, useExpireEoi } from '../../../api/tradingCommandsApi';
import { showToast } from '../../../ui/toaster';
import { commandFailure, contractErrors, type FieldErrors } from './commandErrors';
import { ClusterSummary, EoiSummary } from './QuoteSummary';
import { TradingDialog } from './TradingDialog';

export function ExpireDialog({ eoi, onClose }: { eoi: EoiView; onClose: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const expire = useExpireEoi({
    onSuccess: (ended) => {
      void showToast({ severity: 'success', summary: 'Quote expired', detail: `${ended.bond_name} is off the market` });
      onClose();
    },
    onError: (error) => setProblem(commandFailure(error, [])[''] ?? null),
  });
  return (
    <TradingDialog
      title="Expire quote"
      icon="time"
      submitText="Expire now"
      intent={Intent.WARNING}
      onSubmit={() => expire.mutate(eoi.id)}
      onClose={onClose}
      pending={expire.isPending}
      problem={problem}
    >
      <p>Take this quote off the market now? Open negotiations on it end too.</p>
      <EoiSummary eoi={eoi} />
    </TradingDialog>
  );
}

export function CloseDialog({ eoi, onClose }: { eoi: EoiView; onClose: () => void }) {
  const [confirmed, setConfirmed] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const close = useCloseEoi({
    onSuccess: (ended) => {
      void showToast({ severity: 'success', summary: 'Quote closed', detail: ended.bond_name });
      onClose();
    },
    onError: (error) => setErrors(commandFailure(error, ['confirm'])),
  });
  const submit = () => {
    const found = contractErrors(closeEoiSchema, { confirm: confirmed });
    setErrors(found);
    if (Object.keys(found).length === 0) close.mutate(eoi.id);
  };
  return (
    <TradingDialog
      title="Close quote"
      icon="cross-circle"
      submitText="Close quote"
      intent={Intent.DANGER}
      onSubmit={submit}
      onClose={onClose}
      pending={close.isPending}
      problem={errors.confirm ?? errors['']}
    >
      <EoiSummary eoi={eoi} />
      <Checkbox
        label="I confirm closing this quote"
        checked={confirmed}
        onChange={(e) => setConfirmed(e.currentTarget.checked)}
        autoFocus
      />
    </TradingDialog>
  );
}

export function EndNegotiationDialog({ cluster, onClose }: { cluster: ClusterView; onClose: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const end = useCounter({
    onSuccess: (ended) => {
      void showToast({ severity: 'success', summary: 'Negotiation ended', detail: ended.bond_name });
      onClose();
    },
    onError: (error) => setProblem(commandFailure(error, [])[''] ?? null),
  });
  return (
    <TradingDialog
      title="End negotiation"
      icon="disable"
      submitText="End negotiation"
      intent={Intent.WARNING}
      onSubmit={() => end.mutate({ id: cluster.id, close: true })}
      onClose={onClose}
      pending={end.isPending}
      problem={problem}
    >
      <p>
        End this negotiation{cluster.counterparty ? ` with ${cluster.counterparty.name}` : ''}? The quote stays on the market for others.
      </p>
      <ClusterSummary cluster={cluster} />
    </TradingDialog>
  );
}
