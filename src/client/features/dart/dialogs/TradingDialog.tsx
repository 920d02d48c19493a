/**
 * The frame every trading dialog shares: a Blueprint dialog around a form, so Enter in a field
 * submits and Esc cancels; while the command is pending submit and cancel are disabled, and a
 * failure leaves the form (and what the user typed) as it was. A form-level problem (a cross-field
 * rule, a refusal from the server) shows above the buttons.
 */
import { Button, Callout, Dialog, DialogBody, DialogFooter, Intent, type IconName } from '@blueprintjs/core';
import type { FormEvent, ReactNode } from 'react';

export interface TradingDialogProps {
  title: string;
  icon: IconName;
  submitText: string;
  onSubmit: () => void;
  onClose: () => void;
  pending: boolean;
  /** The form-level problem, if any. */
  problem?: string | null;
  /** Submitting is possible (e.g. the figures have loaded). */
  ready?: boolean;
  intent?: Intent;
  children: ReactNode;
}

export function TradingDialog({
  title,
  icon,
  submitText,
  onSubmit,
  onClose,
  pending,
  problem,
  ready = true,
  intent = Intent.PRIMARY,
  children,
}: TradingDialogProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending && ready) onSubmit();
  };
  return (
    // While the command is in flight the dialog stays: its answer (or its refusal, with the form) must be seen.
    <Dialog
      isOpen
      onClose={onClose}
      title={title}
      icon={icon}
      className="kosh-trading-dialog"
      canOutsideClickClose={!pending}
      canEscapeKeyClose={!pending}
      isCloseButtonShown={!pending}
    >
      <form onSubmit={submit} noValidate aria-label={title}>
        <DialogBody>
          {children}
          {problem && (
            <Callout intent={Intent.DANGER} role="alert" className="kosh-trading-dialog__problem">
              {problem}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} disabled={pending} />
              <Button type="submit" intent={intent} text={submitText} loading={pending} disabled={pending || !ready} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
