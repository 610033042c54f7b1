// fetch cannot tell how much of a request body has been sent; XMLHttpRequest can. The store's
// fetch (makeStore) sends multipart calls (image uploads, quote requests with photos) here, so
// they report their progress.
// The base query stays the one place that adds the token, the XSRF header and refreshes the session.

type ProgressListener = (sent: number, total: number) => void;

const listeners = new Set<ProgressListener>();

/** Calls `listener` as upload bytes leave the browser; returns the function that stops it. */
export function onUploadProgress(listener: ProgressListener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

export async function sendWithProgress(request: Request): Promise<Response> {
  const body = await request.blob();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url);
    request.headers.forEach((value, key) => xhr.setRequestHeader(key, value));
    xhr.responseType = 'blob';
    xhr.upload.onprogress = (event) => {
      for (const listener of listeners) listener(event.loaded, event.lengthComputable ? event.total : body.size);
    };
    xhr.onload = () =>
      resolve(
        new Response(xhr.status === 204 ? null : (xhr.response as Blob), {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: parseHeaders(xhr.getAllResponseHeaders()),
        }),
      );
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.ontimeout = () => reject(new TypeError('Network request timed out'));
    xhr.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
    request.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
