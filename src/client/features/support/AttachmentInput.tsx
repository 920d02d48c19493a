/** An optional attachment for a support ticket: images, PDF, text, CSV or Excel, at most 5 MB. */
import { Button, FileInput } from '@blueprintjs/core';
import { UPLOAD_TYPES } from '../../../shared/contracts/support';
import { FormField } from '../../ui/FormField';

const ACCEPT = [...Object.keys(UPLOAD_TYPES), ...Object.values(UPLOAD_TYPES)].join(',');

export function AttachmentInput({
  id,
  file,
  onChange,
  disabled,
}: {
  id: string;
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
}) {
  return (
    <FormField label="Attachment (optional)" id={id} helper="A screenshot or document, up to 5 MB">
      <div className="kosh-support__attachment">
        <FileInput
          fill
          disabled={disabled}
          text={file ? file.name : 'Choose file...'}
          hasSelection={file !== null}
          inputProps={{ id, accept: ACCEPT, 'aria-label': 'Attachment' }}
          onInputChange={(event) => onChange((event.target as HTMLInputElement).files?.[0] ?? null)}
        />
        {file && (
          <Button variant="minimal" icon="cross" aria-label="Remove attachment" disabled={disabled} onClick={() => onChange(null)} />
        )}
      </div>
    </FormField>
  );
}
