/** Reads a chat file upload (multipart: `file`, and the fields `req_id` and `data`) with the chat's messages. */
import type { FastifyRequest } from 'fastify';
import { CHAT_LIMITS, CHAT_MESSAGES } from '../../../shared/contracts/chat.js';
import type { ChatUpload } from '../../domain/chat/chatMessaging.js';
import { AppError } from '../../errors.js';
import { readMultipart } from '../../plugins/multipartUpload.js';

const invalid = (message: string, field: string) => new AppError('VALIDATION_FAILED', message, { [field]: message });

export async function readChatUpload(request: FastifyRequest): Promise<ChatUpload> {
  const rules = { maxBytes: CHAT_LIMITS.fileMaxBytes, tooLarge: CHAT_MESSAGES.fileTooLarge, fileMissing: 'Attach a file.', fields: 4 };
  const { fileName, mimeType, content, fields } = await readMultipart(request, rules);
  const reqId = (fields.req_id ?? '').trim();
  if (!reqId || reqId.length > 64) throw invalid('A request id (req_id) of at most 64 characters is required.', 'req_id');
  return { fileName: fileName.slice(0, 200) || 'file', mimeType, content, reqId, data: (fields.data ?? '').slice(0, 2_000) };
}
