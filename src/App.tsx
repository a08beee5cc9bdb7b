/** The app: the header and one of three views (Chat and Benchmark arrive in later issues). */
import {useAtomValue} from 'jotai'
import {EditorView} from './editor/EditorView.tsx'
import {viewAtom} from './state/settings.ts'
import {Header} from './ui/Header.tsx'

/** The whole page. */
export function App() {
  const view = useAtomValue(viewAtom)
  return (
    <div className="app">
      <Header />
      <main className="main">
        {view === 'editor' && <EditorView />}
        {view === 'chat' && <Placeholder title="Chat" text="Chat with a model whose replies render as they stream. Coming soon." />}
        {view === 'bench' && <Placeholder title="Benchmark" text="Measure rendering in the worker against the main thread. Coming soon." />}
      </main>
    </div>
  )
}

function Placeholder({title, text}: {title: string; text: string}) {
  return (
    <div className="placeholder">
      <h2>{title}</h2>
      <p>{text}</p>
    </div>
  )
}
