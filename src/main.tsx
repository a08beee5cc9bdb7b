/** Entry: load saved documents, start saving and rendering, then mount React. */
import 'katex/dist/katex.min.css'
import './styles/app.css'
import {QueryClientProvider} from '@tanstack/react-query'
import {Provider} from 'jotai'
import {startTransition, StrictMode} from 'react'
import {createRoot} from 'react-dom/client'
import {documentCss} from '../shared/document-css.ts'
import {readShareHash} from '../shared/share-link.ts'
import {App} from './App.tsx'
import {queryClient} from './data/query-client.ts'
import {startDocumentRenderer} from './render/document-renderer.ts'
import {warmUpFonts} from './render/font-warmup.tsx'
import {createDocumentAtom, nameFromMarkdown} from './state/documents.ts'
import {loadSaved, startSaving} from './state/persist.ts'
import {previewFontSize, settingsAtom, viewAtom} from './state/settings.ts'
import {readShareHashInOrder} from './state/share-link-reader.ts'
import {store} from './state/store.ts'
import {startViewAddressSync} from './state/view-address.ts'
import {welcome} from './state/welcome.ts'
import {startThemeSync} from './ui/theme.ts'

// The same style sheet as exported documents and the CLI, so the preview looks like the export.
const style = document.createElement('style')
style.dataset.source = 'shared/document-css.ts'
style.textContent = documentCss
document.head.prepend(style)

startThemeSync(store)
startViewAddressSync(store)
const hadDocuments = await loadSaved(store).catch((error: unknown) => {
  console.warn('Offthread: could not read saved documents', error)
  return false
})
startSaving(store)
if (!hadDocuments) store.set(createDocumentAtom, {name: 'Welcome', text: welcome})
openSharedLink(readShareHash(location.hash), location.hash)
addEventListener('hashchange', (event: HashChangeEvent) => {
  // This event's fragment: the page may have moved on by the time it runs.
  const hash = new URL(event.newURL).hash
  void readShareHashInOrder(hash).then((text) => openSharedLink(text, hash))
})
startDocumentRenderer(store)
void warmUpFonts(() => previewFontSize(store.get(settingsAtom)))

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </Provider>
  </StrictMode>,
)

/**
 * A `#md=` link opens its text as a new document, never over a saved one.
 * Followed in a page already open, a long link is read in a worker (see
 * `share-link-reader.ts`): decompressing it here would make the
 * `hashchange`'s task long.
 */
function openSharedLink(text: string | undefined, hash: string): void {
  if (text === undefined) return
  // A transition, as every switch of document is (src/state/documents.ts).
  startTransition(() => {
    store.set(createDocumentAtom, {name: nameFromMarkdown(text, 'Shared document'), text})
  })
  // A shared link is a document: show it, whichever view was open.
  store.set(viewAtom, 'editor')
  // Drop the fragment so a reload does not open another copy (unless the
  // page went to another fragment while the link was read).
  if (location.hash === hash) history.replaceState(null, '', location.pathname + location.search)
}
