/** The document's name (edit it to rename) and the list of documents: switch, new, rename, delete. */
import {useAtomValue, useSetAtom} from 'jotai'
import {startTransition, useEffect, useState} from 'react'
import {activeDocumentAtom, activeDocumentIdAtom, createDocumentAtom, deleteDocumentAtom, documentListAtom, renameDocumentAtom} from '../state/documents.ts'
import {ChevronIcon, FileIcon, PlusIcon, TrashIcon} from './icons.tsx'
import {Popover} from './Popover.tsx'

/** The open document's name as an input; committing it renames the document. */
export function DocumentTitle() {
  const doc = useAtomValue(activeDocumentAtom)
  const rename = useSetAtom(renameDocumentAtom)
  const [draft, setDraft] = useState(doc?.name ?? '')
  // biome-ignore lint/correctness/useExhaustiveDependencies: another document resets the draft, even one with the same name
  useEffect(() => setDraft(doc?.name ?? ''), [doc?.name, doc?.id])
  if (!doc) return null
  const commit = () => {
    rename({id: doc.id, name: draft})
    setDraft(doc.name)
  }
  return (
    <input
      className="doc-title"
      aria-label="Document name"
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.currentTarget.blur()
        if (event.key === 'Escape') {
          setDraft(doc.name)
          requestAnimationFrame(() => (event.target as HTMLInputElement).blur())
        }
      }}
    />
  )
}

/** The list of documents. */
export function DocumentMenu() {
  const list = useAtomValue(documentListAtom)
  const activeId = useAtomValue(activeDocumentIdAtom)
  const setActive = useSetAtom(activeDocumentIdAtom)
  const create = useSetAtom(createDocumentAtom)
  const remove = useSetAtom(deleteDocumentAtom)
  return (
    <Popover label={<ChevronIcon />} title="Documents" className="doc-menu">
      {(close) => (
        <div className="menu">
          <div className="menu-heading">Documents</div>
          <ul className="menu-list" aria-label="Documents">
            {list.map((doc) => (
              <li key={doc.id} className={doc.id === activeId ? 'menu-item active' : 'menu-item'}>
                <button
                  type="button"
                  className="menu-item-main"
                  aria-current={doc.id === activeId}
                  onClick={() => {
                    startTransition(() => setActive(doc.id))
                    close()
                  }}
                >
                  <FileIcon />
                  <span className="menu-item-label">{doc.name}</span>
                </button>
                <button
                  type="button"
                  className="menu-item-action"
                  aria-label={`Delete ${doc.name}`}
                  title="Delete"
                  onClick={() => {
                    if (confirm(`Delete “${doc.name}”? This cannot be undone.`)) startTransition(() => remove(doc.id))
                  }}
                >
                  <TrashIcon />
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="menu-command"
            onClick={() => {
              startTransition(() => void create({name: 'Untitled', text: ''}))
              close()
            }}
          >
            <PlusIcon /> New document
          </button>
        </div>
      )}
    </Popover>
  )
}
