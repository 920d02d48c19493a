/** Opens the support form: in every signed-in layout's header and on the error screens. */
import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { SupportDialog } from './SupportDialog';
import './support.css';

export function SupportButton({ text = 'Support', minimal = true }: { text?: string; minimal?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon="help" text={text} variant={minimal ? 'minimal' : undefined} onClick={() => setOpen(true)} />
      <SupportDialog isOpen={open} onClose={() => setOpen(false)} />
    </>
  );
}
