/**
 * The view in the page's address (`?view=chat`, `?view=bench`; none for the
 * editor), so that a reload stays on it and a link or bookmark opens it.
 * The Chat and Benchmark views opened this way do not load the editor.
 */
import {viewAtom, type View} from './settings.ts'
import type {store as appStore} from './store.ts'

const named: readonly View[] = ['chat', 'bench']

/** The view `search` (a page address's query) names; the editor when it names none. */
export function viewFromSearch(search: string): View {
  const view = new URLSearchParams(search).get('view')
  return named.find((name) => name === view) ?? 'editor'
}

/** Open the view the address names, then keep the address in step with the view; returns a stop function. */
export function startViewAddressSync(store: typeof appStore): () => void {
  store.set(viewAtom, viewFromSearch(location.search))
  return store.sub(viewAtom, () => {
    const view = store.get(viewAtom)
    if (viewFromSearch(location.search) === view) return
    const url = new URL(location.href)
    if (view === 'editor') url.searchParams.delete('view')
    else url.searchParams.set('view', view)
    history.replaceState(history.state, '', url)
  })
}
