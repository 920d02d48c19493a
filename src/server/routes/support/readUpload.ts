/**
 * Reads the one file of a multipart upload (field `file`) within the size limit, turning the
 * multipart plugin's failures into clear 4xx errors with the support form's messages.
 */
import type { FastifyRequest } from 'fastify';
import { SUPPORT_MESSAGES, UPLOAD_MAX_BYTES } from '../../../shared/contracts/support.js';
import type { Upload } from '../../domain/support/supportService.js';
import { AppError } from '../../errors.js';

const missing = () => new AppError('VALIDATION_FAILED', SUPPORT_MESSAGES.fileMissing, { file: SUPPORT_MESSAGES.fileMissing });

function mapped(error: unknown): unknown {
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', SUPPORT_MESSAGES.fileTooLarge, { file: SUPPORT_MESSAGES.fileTooLarge });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', SUPPORT_MESSAGES.fileMissing);
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return new AppError('BAD_REQUEST', 'Attach one file only, in the field "file".');
    default:
      return error;
  }
}

export async function readUpload(request: FastifyRequest): Promise<Upload> {
  try {
    const part = await request.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5 } });
    if (!part || part.fieldname !== 'file') throw missing();
    const content = await part.toBuffer();
    return { fileName: part.filename.slice(0, 200) || 'attachment', mimeType: part.mimetype.toLowerCase(), content };
  } catch (error) {
    throw mapped(error);
  }
}
