/** The app: the header and one of three views. */
import {useAtomValue} from 'jotai'
import {lazy, Suspense} from 'react'
import {ChatView} from './chat/ChatView.tsx'
import {EditorView} from './editor/EditorView.tsx'
import './styles/ui-features.css'
import './styles/print.css'
import {viewAtom} from './state/settings.ts'
import {FileNotice} from './ui/FileMenu.tsx'
import {Header} from './ui/Header.tsx'
import {StorageNotice} from './ui/StorageNotice.tsx'
import {ViewBoundary} from './ui/ViewBoundary.tsx'

// Loaded when opened: the benchmark's code and its charts are not needed for writing or chatting.
const BenchView = lazy(() => import('./bench/BenchView.tsx').then(({BenchView}) => ({default: BenchView})))

/** The whole page. */
export function App() {
  const view = useAtomValue(viewAtom)
  return (
    <div className="app">
      <Header />
      <StorageNotice />
      <FileNotice />
      <main className="main">
        {view === 'editor' && <EditorView />}
        {view === 'chat' && <ChatView />}
        {view === 'bench' && (
          <ViewBoundary name="Benchmark">
            <Suspense fallback={null}>
              <BenchView />
            </Suspense>
          </ViewBoundary>
        )}
      </main>
    </div>
  )
}
