/**
 * Whether the page is being left (reloaded, closed, navigated away). Chromium
 * may cancel a streaming fetch before `pagehide`, so a reply that fails then
 * was interrupted by the user leaving, not by the network.
 */

/** How long after `beforeunload` a failure still counts as caused by leaving (the page may stay, e.g. for a download). */
const leavingMs = 3000

let leftAt = -Infinity

if (typeof window !== 'undefined') {
  const mark = () => (leftAt = performance.now())
  window.addEventListener('beforeunload', mark)
  window.addEventListener('pagehide', mark)
  // Restored from the back/forward cache: the page is here again.
  window.addEventListener('pageshow', () => (leftAt = -Infinity))
}

/** Whether the page started unloading in the last few seconds. */
export function isPageLeaving(): boolean {
  return performance.now() - leftAt < leavingMs
}
