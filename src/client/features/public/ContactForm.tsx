/** The public contact form (/contact): a business e-mail and a message, noted as a CONTACT_FORM request. */
import { Button, Callout, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { contactFormSchema, type ContactForm as ContactFormValues } from '../../../shared/contracts/support';
import { SUPPORT_TOASTS } from '../../../shared/messages';
import { sendContactForm } from '../../api/supportApi';
import { applyServerFieldErrors, blueprintField } from '../../ui/forms';
import { FormField } from '../../ui/FormField';
import { showToast } from '../../ui/toaster';
import { toastMessageFromError } from '../../ui/toastMessage';

type Values = z.input<typeof contactFormSchema>;
const FIELDS = ['name', 'email', 'company', 'message'] as const;
const EMPTY: Values = { name: '', email: '', company: '', message: '' };

export function ContactForm() {
  const { register, control, handleSubmit, setError, reset, formState: { errors } } = useForm<Values, unknown, ContactFormValues>({
    resolver: zodResolver(contactFormSchema), defaultValues: EMPTY,
  });
  const send = useMutation({
    mutationFn: sendContactForm,
    onSuccess: () => {
      void showToast({ severity: 'success', summary: SUPPORT_TOASTS.contact });
      reset(EMPTY);
    },
    onError: (error) => {
      if (!applyServerFieldErrors(error, setError, FIELDS)) void showToast({ severity: 'error', summary: toastMessageFromError(error) });
    },
  });
  return (
    <form className="kosh-public__contact-form" onSubmit={handleSubmit((values) => send.mutate(values))} noValidate aria-label="Contact form">
      {send.isSuccess && <Callout intent={Intent.SUCCESS} icon="tick-circle">{SUPPORT_TOASTS.contact}</Callout>}
      <div className="kosh-public__contact-row">
        <FormField label="Name" id="contact-name" error={errors.name?.message}>
          <InputGroup id="contact-name" autoComplete="name" {...blueprintField(register, 'name')} />
        </FormField>
        <FormField label="Business e-mail" id="contact-email" error={errors.email?.message}>
          <InputGroup id="contact-email" type="email" autoComplete="email" {...blueprintField(register, 'email')} />
        </FormField>
      </div>
      <FormField label="Company (optional)" id="contact-company" error={errors.company?.message}>
        <InputGroup id="contact-company" autoComplete="organization" {...blueprintField(register, 'company')} />
      </FormField>
      <Controller
        control={control}
        name="message"
        render={({ field }) => (
          <FormField label="Message" id="contact-message" error={errors.message?.message}>
            <TextArea id="contact-message" fill rows={4} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
          </FormField>
        )}
      />
      <Button type="submit" intent={Intent.PRIMARY} icon="send-message" text="Send message" loading={send.isPending} />
    </form>
  );
}
