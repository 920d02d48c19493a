/** Downloads a file from a POST endpoint with the session's bearer token and saves it. */
import { fetchFailureMessage } from '../../../shared/messages';
import { ApiRequestError } from '../../api/http';
import { saveBlob } from '../find/saveBlob';

function fileNameFrom(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ?? fallback;
}

/** POSTs `body` to `url` with `token`, saves the answer as a file; throws ApiRequestError on failure. */
export async function downloadFile(url: string, body: unknown, token: string | null, fallbackName: string): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'application/pdf, application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    const text = await response.text();
    let data: unknown = text;
    try { data = JSON.parse(text); } catch { /* a plain-text error body */ }
    throw new ApiRequestError(fetchFailureMessage('POST', url, response.status, response.statusText), response.status, data);
  }
  const name = fileNameFrom(response.headers.get('content-disposition'), fallbackName);
  saveBlob(await response.blob(), name);
  return name;
}
