/**
 * Checks a chat file before anything is stored: the size limit, the CHAT_FILE_TYPES allow-list,
 * and that the bytes are what the declared type says (support's sniffing for the types both accept,
 * signatures here for the video and Office types only chat takes).
 */
import { CHAT_FILE_TYPES, CHAT_LIMITS, CHAT_MESSAGES } from '../../../shared/contracts/chat.js';
import { AppError } from '../../errors.js';
import { contentMatches, isAllowedType } from '../support/fileContent.js';

type ChatFileType = (typeof CHAT_FILE_TYPES)[number];

const at = (data: Buffer, offset: number, text: string) => data.subarray(offset, offset + text.length).toString('latin1') === text;
const ZIP = (d: Buffer) => d.length >= 4 && d[0] === 0x50 && d[1] === 0x4b && d[2] === 0x03 && d[3] === 0x04;
/** ISO media (MP4, and QuickTime which may also open with a bare moov/mdat/wide/free atom). */
const isoBox = (d: Buffer, brands: readonly string[]) => brands.some((b) => at(d, 4, b));

const CHAT_ONLY: Partial<Record<ChatFileType, (d: Buffer) => boolean>> = {
  'video/mp4': (d) => isoBox(d, ['ftyp']),
  'video/quicktime': (d) => isoBox(d, ['ftyp', 'moov', 'mdat', 'wide', 'free']),
  'video/webm': (d) => d.length >= 4 && d.readUInt32BE(0) === 0x1a45dfa3,
  'application/vnd.ms-excel': (d) => d.length >= 8 && d.readUInt32BE(0) === 0xd0cf11e0 && d.readUInt32BE(4) === 0xa1b11ae1,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ZIP,
};

const isChatType = (type: string): type is ChatFileType => (CHAT_FILE_TYPES as readonly string[]).includes(type);
const refuse = (message: string) => new AppError('VALIDATION_FAILED', message, { file: message });

/** Throws a 400 naming the problem when the file may not be sent. */
export function checkChatFile(mimeType: string, content: Buffer): void {
  if (content.length > CHAT_LIMITS.fileMaxBytes) throw refuse(CHAT_MESSAGES.fileTooLarge);
  if (!isChatType(mimeType) || content.length === 0) throw refuse(CHAT_MESSAGES.fileType);
  const matches = CHAT_ONLY[mimeType] ?? ((d: Buffer) => isAllowedType(mimeType) && contentMatches(mimeType, d));
  if (!matches(content)) throw refuse(CHAT_MESSAGES.fileType);
}
