/** "Report issue" on a panel that shows pricing: opens the issue report of its context. */
import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { ReportIssueDialog, type ReportIssueDialogProps } from './ReportIssueDialog';
import './support.css';

export function ReportIssueButton(props: Omit<ReportIssueDialogProps, 'isOpen' | 'onClose'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon="flag" text="Report issue" variant="minimal" size="small" onClick={() => setOpen(true)} />
      <ReportIssueDialog {...props} isOpen={open} onClose={() => setOpen(false)} />
    </>
  );
}
