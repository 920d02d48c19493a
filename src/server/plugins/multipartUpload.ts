/**
 * The one reader of multipart uploads (field `file`, plus a few text fields): every upload route
 * reads through it, so each gets the same guards — a file over the route's limit is a 413 and is
 * never stored cut short, a NUL or a lone surrogate in a field or a file name is a 400, and a body
 * cut short or malformed is a 400, never a 500.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { assertStorable } from './inputHygiene.js';

export interface UploadRules {
  maxBytes: number;
  /** The 413's message, naming the limit. */
  tooLarge: string;
  /** The 400's message when no part is the field `file`. */
  fileMissing: string;
  /** Text fields allowed besides the file (default 5). */
  fields?: number;
}

export interface MultipartUpload {
  fileName: string;
  mimeType: string;
  content: Buffer;
  fields: Record<string, string>;
}

const MALFORMED = 'The upload was cut short or is not valid multipart form data. Please send the file again.';
const ONE_FILE = 'Attach one file only, in the field "file".';
const FIELD_MAX_BYTES = 4_096;

/** The plugin's and the parser's failures as the API's errors. */
function uploadError(error: unknown, rules: UploadRules): unknown {
  if (error instanceof AppError) return error;
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', rules.tooLarge, { file: rules.tooLarge });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', rules.fileMissing);
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return new AppError('BAD_REQUEST', ONE_FILE);
    default:
      // Anything else thrown while the body streams in is the parser refusing it (an early end, a bad header).
      return new AppError('BAD_REQUEST', MALFORMED);
  }
}

/** Reads the whole upload into memory within `rules`; the route stores it only once this returns. */
export async function readMultipart(request: FastifyRequest, rules: UploadRules): Promise<MultipartUpload> {
  const fields: Record<string, string> = {};
  let file: Omit<MultipartUpload, 'fields'> | undefined;
  try {
    const limits = { fileSize: rules.maxBytes, files: 1, fields: rules.fields ?? 5, fieldSize: FIELD_MAX_BYTES };
    for await (const part of request.parts({ limits })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw new AppError('VALIDATION_FAILED', rules.fileMissing, { file: rules.fileMissing });
        const content = await part.toBuffer();
        if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', rules.tooLarge, { file: rules.tooLarge });
        file = { fileName: part.filename, mimeType: part.mimetype.toLowerCase(), content };
      } else {
        if (part.valueTruncated)
          throw new AppError('PAYLOAD_TOO_LARGE', undefined, { [part.fieldname]: `At most ${FIELD_MAX_BYTES} bytes` });
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    throw uploadError(error, rules);
  }
  if (!file) throw new AppError('VALIDATION_FAILED', rules.fileMissing, { file: rules.fileMissing });
  assertStorable(fields, { file: file.fileName });
  return { ...file, fields };
}
