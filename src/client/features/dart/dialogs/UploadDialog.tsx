/**
 * Bulk EOIs from a CSV or XLSX file (POST api/eoi/upload/). The server takes all rows or none; a
 * refused file shows the per-row report (row, field, message) and stays chosen, so the user can fix
 * the file and send it again.
 */
import { FileInput, FormGroup, HTMLTable } from '@blueprintjs/core';
import { useState } from 'react';
import { ApiRequestError } from '../../../api/http';
import { UPLOAD_MESSAGES } from '../../../../shared/contracts/trading';
import { useUploadEois } from '../../../api/tradingCommandsApi';
import { showToast } from '../../../ui/toaster';
import { commandFailure } from './commandErrors';
import { TradingDialog } from './TradingDialog';
import { rowProblems, type RowProblem } from './uploadReport';

export const UPLOAD_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const acceptsFile = (file: File) => /\.(csv|xlsx)$/i.test(file.name);

export function UploadDialog({ onClose }: { onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [report, setReport] = useState<RowProblem[]>([]);
  const upload = useUploadEois({
    onSuccess: (answer) => {
      const count = answer.created.length;
      void showToast({ severity: 'success', summary: `${count} ${count === 1 ? 'quote' : 'quotes'} posted` });
      onClose();
    },
    onError: (error) => {
      const rows = error instanceof ApiRequestError && error.status === 400 ? rowProblems(error.data) : [];
      setReport(rows);
      // With a row report the server's own summary says what happened (the rows say why).
      const summary = rows.length > 0 ? ((error as ApiRequestError).data as { message?: unknown }) : null;
      if (summary && typeof summary.message === 'string') {
        void showToast({ severity: 'error', summary: summary.message });
        setProblem(summary.message);
      } else {
        setProblem(commandFailure(error, [])[''] ?? null);
      }
    },
  });
  const submit = () => {
    if (!file || !acceptsFile(file)) {
      setProblem(UPLOAD_MESSAGES.fileType);
      return;
    }
    setProblem(null);
    setReport([]);
    upload.mutate(file);
  };
  return (
    <TradingDialog
      title="Upload quotes"
      icon="upload"
      submitText="Upload"
      onSubmit={submit}
      onClose={onClose}
      pending={upload.isPending}
      problem={problem}
    >
      <p>
        A header row naming the fields (isin, quote_type, quantum, yield_stored or unit_price_stored, settlement_delta, validity, …), then
        one quote per row. Every row is posted, or none.
      </p>
      <FormGroup label="File" labelFor="upload-file">
        <FileInput
          fill
          text={file?.name ?? 'Choose a CSV or XLSX file…'}
          hasSelection={file !== null}
          inputProps={{ id: 'upload-file', accept: UPLOAD_ACCEPT, 'aria-label': 'Quotes file' }}
          onInputChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
        />
      </FormGroup>
      {report.length > 0 && (
        <HTMLTable compact striped className="kosh-upload-report" aria-label="Rows with problems">
          <thead>
            <tr>
              <th>Row</th>
              <th>Field</th>
              <th>Problem</th>
            </tr>
          </thead>
          <tbody>
            {report.map((p) => (
              <tr key={`${p.row}:${p.field}:${p.message}`}>
                <td>{p.row}</td>
                <td>{p.field}</td>
                <td>{p.message}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </TradingDialog>
  );
}
