/** Fetch a markdown document by address, with a message a user can act on when it fails. */

/** The document's text, or why it could not be fetched. */
export type FetchTextResult = {text: string} | {error: string}

/** Fetch `url` as text; never throws (an abort is reported as `cancelled`). */
export async function fetchText(url: string, signal?: AbortSignal): Promise<FetchTextResult> {
  let address: URL
  try {
    address = new URL(url, location.href)
  } catch {
    return {error: `“${url}” is not a valid address.`}
  }
  if (address.protocol !== 'http:' && address.protocol !== 'https:') {
    return {error: `Only http and https addresses can be opened, not ${address.protocol}`}
  }
  let response: Response
  try {
    response = await fetch(address, {signal, headers: {accept: 'text/markdown, text/plain;q=0.9, */*;q=0.5'}})
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return {error: 'cancelled'}
    // Browsers report a CORS refusal and an unreachable host the same way, on purpose.
    return {
      error: `Could not fetch ${address.href}: the server cannot be reached, or it does not allow other sites to read it (CORS).`,
    }
  }
  if (!response.ok) {
    return {error: `Could not fetch ${address.href}: the server answered ${response.status} ${response.statusText}`.trim() + '.'}
  }
  const type = response.headers.get('content-type') ?? ''
  if (/^text\/html/i.test(type)) {
    return {error: `${address.href} is a web page (HTML), not a markdown document. Link to the raw file instead.`}
  }
  return {text: await response.text()}
}
