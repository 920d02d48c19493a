/** Downloads a file from a POST endpoint (through the API client, so expired tokens are refreshed) and saves it. */
import { apiDownload } from '../../api/http';
import { saveBlob } from '../find/saveBlob';

/** POSTs `body` to `url` and saves the answer; resolves to the file name. Throws ApiRequestError on failure. */
export async function downloadFile(url: string, body: unknown, fallbackName: string): Promise<string> {
  const { blob, fileName } = await apiDownload('POST', url, body);
  const name = fileName ?? fallbackName;
  saveBlob(blob, name);
  return name;
}
