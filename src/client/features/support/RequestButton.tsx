/** The one entry point of a request type of spec 01 §3: a button that files it and toasts. */
import { Button, type ButtonProps } from '@blueprintjs/core';
import type { RequestType } from '../../../shared/enums';
import { useFileRequest } from './useFileRequest';

export function RequestButton({
  requestType,
  context,
  ...button
}: { requestType: RequestType; context?: Record<string, unknown> } & Omit<ButtonProps, 'onClick'>) {
  const file = useFileRequest(requestType, context);
  return <Button {...button} onClick={file} />;
}
