/**
 * Reads a chat file upload (multipart: `file`, and the fields `req_id` and `data`) within the size
 * limit, turning the multipart plugin's failures into clear 400s with the chat's messages.
 */
import type { FastifyRequest } from 'fastify';
import { CHAT_LIMITS, CHAT_MESSAGES } from '../../../shared/contracts/chat.js';
import type { ChatUpload } from '../../domain/chat/chatMessaging.js';
import { AppError } from '../../errors.js';

const invalid = (message: string, field: string) => new AppError('VALIDATION_FAILED', message, { [field]: message });

function mapped(error: unknown): unknown {
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return invalid(CHAT_MESSAGES.fileTooLarge, 'file');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data.');
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return new AppError('BAD_REQUEST', 'Attach one file only, in the field "file".');
    default:
      return error;
  }
}

export async function readChatUpload(request: FastifyRequest): Promise<ChatUpload> {
  const fields: Record<string, string> = {};
  let file: { fileName: string; mimeType: string; content: Buffer } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: CHAT_LIMITS.fileMaxBytes, files: 1, fields: 4, fieldSize: 4_096 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw invalid('Attach the file in the field "file".', 'file');
        file = { fileName: part.filename.slice(0, 200) || 'file', mimeType: part.mimetype.toLowerCase(), content: await part.toBuffer() };
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    throw mapped(error);
  }
  if (!file) throw invalid('Attach a file.', 'file');
  const reqId = (fields.req_id ?? '').trim();
  if (!reqId || reqId.length > 64) throw invalid('A request id (req_id) of at most 64 characters is required.', 'req_id');
  return { ...file, reqId, data: (fields.data ?? '').slice(0, 2_000) };
}
