/**
 * Checks an upload against the allow-list: the declared type must be allowed and the bytes must
 * be what that type says (a renamed executable is not a PNG), so support never opens a disguised file.
 */
import { UPLOAD_TYPES, type UploadType } from '../../../shared/contracts/support.js';

const startsWith = (data: Buffer, signature: readonly number[], offset = 0) =>
  data.length >= offset + signature.length && signature.every((byte, i) => data[offset + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** Text must decode as UTF-8 and hold no NUL byte (a binary file is not text). */
function isText(data: Buffer): boolean {
  if (data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

const MATCHES: Record<UploadType, (data: Buffer) => boolean> = {
  'image/png': (d) => startsWith(d, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': (d) => startsWith(d, [0xff, 0xd8, 0xff]),
  'image/gif': (d) => startsWith(d, ascii('GIF87a')) || startsWith(d, ascii('GIF89a')),
  'image/webp': (d) => startsWith(d, ascii('RIFF')) && startsWith(d, ascii('WEBP'), 8),
  'application/pdf': (d) => startsWith(d, ascii('%PDF-')),
  // An .xlsx workbook is a zip archive.
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': (d) => startsWith(d, [0x50, 0x4b, 0x03, 0x04]),
  'text/plain': isText,
  'text/csv': isText,
};

/** Whether `mimeType` is on the allow-list. */
export const isAllowedType = (mimeType: string): mimeType is UploadType => Object.hasOwn(UPLOAD_TYPES, mimeType);

/** Whether the bytes are of the declared (allowed) type. */
export const contentMatches = (mimeType: UploadType, data: Buffer) => MATCHES[mimeType](data);
