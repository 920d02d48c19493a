/** Reads the one file of a support upload (field `file`, at most 5 MB) with the support form's messages. */
import type { FastifyRequest } from 'fastify';
import { SUPPORT_MESSAGES, UPLOAD_MAX_BYTES } from '../../../shared/contracts/support.js';
import type { Upload } from '../../domain/support/supportService.js';
import { readMultipart } from '../../plugins/multipartUpload.js';

export async function readUpload(request: FastifyRequest): Promise<Upload> {
  const rules = { maxBytes: UPLOAD_MAX_BYTES, tooLarge: SUPPORT_MESSAGES.fileTooLarge, fileMissing: SUPPORT_MESSAGES.fileMissing };
  const { fileName, mimeType, content } = await readMultipart(request, rules);
  return { fileName: fileName.slice(0, 200) || 'attachment', mimeType, content };
}
