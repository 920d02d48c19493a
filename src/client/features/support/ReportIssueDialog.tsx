/**
 * An issue report in context (spec 02 §9): the context's options, details, an optional file and
 * the consent to share the entered pricing details. The details go into the ticket's extra data
 * only when the user consents; the ticket is stored as a REPORT_ISSUE_PRICING_AND_CASHFLOW request.
 */
import { Button, Checkbox, Dialog, DialogBody, DialogFooter, Intent, Radio, RadioGroup, TextArea } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import {
  ISSUE_REPORT_CONSENTS,
  ISSUE_REPORT_FORM_NAMES,
  issueOptionsFor,
  type IssueReportContext,
  type IssueReportOption,
} from '../../../shared/support/issueReports';
import { ticketTypeId } from '../../../shared/support/ticketTypes';
import { useSupportDevMode } from '../../app/appConfig';
import { FormField } from '../../ui/FormField';
import { AttachmentInput } from './AttachmentInput';
import { useSupportTicket } from './useSupportTicket';

export interface ReportIssueDialogProps {
  context: IssueReportContext;
  isOpen: boolean;
  onClose: () => void;
  /** What the report is about (the bond), always sent. */
  subject: Record<string, unknown>;
  /** The pricing details the user entered, read when the report is sent; shared only with consent. */
  pricingDetails: () => Record<string, unknown>;
}

export function ReportIssueDialog({ context, isOpen, onClose, subject, pricingDetails }: ReportIssueDialogProps) {
  const ticket = useSupportTicket();
  const devMode = useSupportDevMode();
  const busy = useSelector(ticket, (s) => s.hasTag('busy'));
  const failed = useSelector(ticket, (s) => s.hasTag('failed'));
  const options = issueOptionsFor(context);
  const [option, setOption] = useState<IssueReportOption>(options[0]!);
  const [details, setDetails] = useState('');
  const [consent, setConsent] = useState(false);
  const [file, setFile] = useState<File | null>(null);

  useEffect(() => {
    const subscription = ticket.subscribe((snapshot) => {
      if (!snapshot.hasTag('done')) return;
      setOption(options[0]!);
      setDetails('');
      setConsent(false);
      setFile(null);
      ticket.send({ type: 'ticket.reset' });
      onClose();
    });
    return () => subscription.unsubscribe();
  }, [onClose, options, ticket]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    ticket.send({
      type: 'ticket.submit',
      draft: {
        form_name: ISSUE_REPORT_FORM_NAMES[context],
        content: details.trim() ? `${option}\n\n${details.trim()}` : option,
        ticket_type_id: ticketTypeId('issue', devMode),
        request_type: 'REPORT_ISSUE_PRICING_AND_CASHFLOW',
        extra_data: { context, option, ...subject, consent, ...(consent && { pricing: pricingDetails() }) },
      },
      attachment: file,
    });
  };

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title="Report issue" icon="flag" className="kosh-support__dialog">
      <form onSubmit={submit} noValidate aria-label="Report issue">
        <DialogBody>
          <RadioGroup
            label="What seems wrong?"
            selectedValue={option}
            onChange={(e) => setOption(e.currentTarget.value as IssueReportOption)}
            disabled={busy}
          >
            {options.map((o) => (
              <Radio key={o} value={o} label={o} />
            ))}
          </RadioGroup>
          <FormField label="Details (optional)" id="issue-details">
            <TextArea id="issue-details" fill rows={3} disabled={busy} value={details} onChange={(e) => setDetails(e.target.value)} />
          </FormField>
          <AttachmentInput id="issue-file" file={file} onChange={setFile} disabled={busy} />
          <Checkbox
            checked={consent}
            disabled={busy}
            label={ISSUE_REPORT_CONSENTS[context]}
            onChange={(e) => setConsent(e.currentTarget.checked)}
          />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} />
              {failed && <Button icon="refresh" text="Try again" onClick={() => ticket.send({ type: 'ticket.retry' })} />}
              <Button type="submit" intent={Intent.PRIMARY} icon="send-message" text="Report" loading={busy} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
