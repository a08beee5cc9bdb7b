/** The app: the header and one of three views. */
import {useAtomValue} from 'jotai'
import {BenchView} from './bench/BenchView.tsx'
import {ChatView} from './chat/ChatView.tsx'
import {EditorView} from './editor/EditorView.tsx'
import './styles/ui-features.css'
import './styles/print.css'
import {viewAtom} from './state/settings.ts'
import {FileNotice} from './ui/FileMenu.tsx'
import {Header} from './ui/Header.tsx'
import {StorageNotice} from './ui/StorageNotice.tsx'

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
        {view === 'bench' && <BenchView />}
      </main>
    </div>
  )
}
