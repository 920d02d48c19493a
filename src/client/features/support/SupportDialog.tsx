/**
 * The in-app support form (spec 02 §4, §9): pick a support type, describe it, optionally attach a
 * file, submit. The supportTicket actor uploads, creates and toasts; the dialog closes when done.
 */
import { Button, Dialog, DialogBody, DialogFooter, Intent, Radio, RadioGroup, TextArea } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useLocation } from 'react-router';
import { z } from 'zod';
import { SUPPORT_MESSAGES } from '../../../shared/contracts/support';
import { SUPPORT_TYPE_LABELS, SUPPORT_TYPES, ticketTypeId, type SupportType } from '../../../shared/support/ticketTypes';
import { useSupportDevMode } from '../../app/appConfig';
import { FormField } from '../../ui/FormField';
import { AttachmentInput } from './AttachmentInput';
import { useSupportTicket } from './useSupportTicket';

const formSchema = z.object({
  type: z.enum(SUPPORT_TYPES),
  content: z.string().trim().min(1, SUPPORT_MESSAGES.content).max(5_000),
});
type Values = z.infer<typeof formSchema>;

export interface SupportDialogProps {
  isOpen: boolean;
  onClose: () => void;
  initialType?: SupportType;
}

export function SupportDialog({ isOpen, onClose, initialType = 'query' }: SupportDialogProps) {
  const ticket = useSupportTicket();
  const devMode = useSupportDevMode();
  const { pathname } = useLocation();
  const busy = useSelector(ticket, (s) => s.hasTag('busy'));
  const failed = useSelector(ticket, (s) => s.hasTag('failed'));
  const [file, setFile] = useState<File | null>(null);
  const {
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(formSchema),
    defaultValues: { type: initialType, content: '' },
  });

  // A created ticket closes the form and clears it for the next one.
  useEffect(() => {
    const subscription = ticket.subscribe((snapshot) => {
      if (!snapshot.hasTag('done')) return;
      reset({ type: initialType, content: '' });
      setFile(null);
      ticket.send({ type: 'ticket.reset' });
      onClose();
    });
    return () => subscription.unsubscribe();
  }, [initialType, onClose, reset, ticket]);

  // Cancel drops the form (and a failed attempt's upload); a submission in flight carries on.
  const cancel = () => {
    if (!busy) {
      ticket.send({ type: 'ticket.reset' });
      reset({ type: initialType, content: '' });
      setFile(null);
    }
    onClose();
  };

  const submit = handleSubmit(({ type, content }) =>
    ticket.send({
      type: 'ticket.submit',
      draft: { form_name: SUPPORT_TYPE_LABELS[type], content, ticket_type_id: ticketTypeId(type, devMode), extra_data: { page: pathname } },
      attachment: file,
    }),
  );

  return (
    <Dialog isOpen={isOpen} onClose={cancel} title="Contact support" icon="help" className="kosh-support__dialog">
      <form onSubmit={submit} noValidate aria-label="Contact support">
        <DialogBody>
          <Controller
            control={control}
            name="type"
            render={({ field }) => (
              <RadioGroup
                label="How can we help?"
                selectedValue={field.value}
                onChange={(e) => field.onChange(e.currentTarget.value)}
                disabled={busy}
              >
                {SUPPORT_TYPES.map((type) => (
                  <Radio key={type} value={type} label={SUPPORT_TYPE_LABELS[type]} />
                ))}
              </RadioGroup>
            )}
          />
          <Controller
            control={control}
            name="content"
            render={({ field }) => (
              <FormField label="Details" id="support-content" error={errors.content?.message}>
                <TextArea
                  id="support-content"
                  fill
                  rows={5}
                  disabled={busy}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              </FormField>
            )}
          />
          <AttachmentInput id="support-file" file={file} onChange={setFile} disabled={busy} />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={cancel} />
              {failed && <Button icon="refresh" text="Try again" onClick={() => ticket.send({ type: 'ticket.retry' })} />}
              <Button type="submit" intent={Intent.PRIMARY} icon="send-message" text="Submit" loading={busy} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
