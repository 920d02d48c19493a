/** A labelled form row whose helper text turns into the field's error message. */
import { FormGroup, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export interface FormFieldProps {
  label: string;
  id: string;
  error?: string;
  helper?: ReactNode;
  children: ReactNode;
}

export function FormField({ label, id, error, helper, children }: FormFieldProps) {
  return (
    <FormGroup label={label} labelFor={id} intent={error ? Intent.DANGER : Intent.NONE} helperText={error ?? helper}>
      {children}
    </FormGroup>
  );
}
