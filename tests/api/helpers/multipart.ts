/** A multipart/form-data body with one file part, as a browser's form would send it. */
export function multipartFile(field: string, fileName: string, mimeType: string, content: Buffer) {
  const boundary = '----kosh-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${mimeType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The first bytes of a real PNG (signature and IHDR chunk of a 1×1 image). */
export const PNG_BYTES = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001a5f645400000000049454e44ae426082',
  'hex',
);
