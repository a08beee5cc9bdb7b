/** The header: document, views, actions, status and theme. */
import {useAtom} from 'jotai'
import {clampFontSize, settingsAtom, viewAtom, type View} from '../state/settings.ts'
import {DocumentMenu, DocumentTitle} from './DocumentMenu.tsx'
import {ExportButton} from './ExportButton.tsx'
import {FileMenu} from './FileMenu.tsx'
import {OutlineButton} from './Outline.tsx'
import {OpenMenu} from './SamplesMenu.tsx'
import {ShareButton} from './ShareButton.tsx'
import {Status} from './Status.tsx'
import {ThemeSwitch} from './ThemeSwitch.tsx'

const views: {id: View; label: string}[] = [
  {id: 'editor', label: 'Editor'},
  {id: 'chat', label: 'Chat'},
  {id: 'bench', label: 'Benchmark'},
]

/** The app's header bar. */
export function Header() {
  const [view, setView] = useAtom(viewAtom)
  return (
    <header className="header">
      <div className="header-start">
        <h1 className="brand">
          <span className="brand-mark" aria-hidden="true">
            ◧
          </span>
          <span className="visually-hidden">Offthread</span>
        </h1>
        <DocumentTitle />
        <DocumentMenu />
      </div>
      <nav className="views" aria-label="Views">
        {views.map(({id, label}) => (
          <button key={id} type="button" className="view-tab" aria-pressed={view === id} onClick={() => setView(id)}>
            {label}
          </button>
        ))}
      </nav>
      <div className="header-end">
        <Status />
        {view === 'editor' && <OutlineButton />}
        <FileMenu />
        <OpenMenu />
        <ShareButton />
        <ExportButton />
        <FontSize />
        <ThemeSwitch />
      </div>
    </header>
  )
}

function FontSize() {
  const [settings, setSettings] = useAtom(settingsAtom)
  const change = (by: number) => setSettings((prev) => ({...prev, fontSize: clampFontSize(prev.fontSize + by)}))
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would bring a border and a legend to a row of buttons
    <div className="font-size" role="group" aria-label="Font size">
      <button type="button" className="button icon-button" aria-label="Smaller text" title="Smaller text" onClick={() => change(-1)}>
        <span className="font-size-small">A</span>
      </button>
      <button
        type="button"
        className="button icon-button"
        aria-label="Larger text"
        title={`Larger text (${settings.fontSize}px now)`}
        onClick={() => change(1)}
      >
        <span className="font-size-large">A</span>
      </button>
    </div>
  )
}
