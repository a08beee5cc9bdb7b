import {createStore} from 'jotai'
import {describe, expect, it} from 'vitest'
import {
  activeDocumentIdAtom,
  addDocument,
  createDocumentAtom,
  deleteDocumentAtom,
  documentListAtom,
  markdownAtom,
  nameFromMarkdown,
  neighbourOf,
  removeText,
  renameDocument,
  setText,
  uniqueName,
} from '../../src/state/documents.ts'

const list = [
  {id: 'a', name: 'Alpha'},
  {id: 'b', name: 'Beta'},
  {id: 'c', name: 'Gamma'},
]

describe('document updaters', () => {
  it('should add a document at the end', () => {
    expect(addDocument(list, {id: 'd', name: 'Delta'}).map((doc) => doc.id)).toEqual(['a', 'b', 'c', 'd'])
  })

  it('should rename a document, keeping names unique and ignoring blank names', () => {
    expect(renameDocument(list, 'a', '  New   name ')[0]).toEqual({id: 'a', name: 'New name'})
    expect(renameDocument(list, 'a', 'Beta')[0]?.name).toBe('Beta 2')
    expect(renameDocument(list, 'a', '   ')).toBe(list)
    expect(renameDocument(list, 'missing', 'X')).toBe(list)
  })

  it('should make names unique', () => {
    expect(uniqueName(list, 'Alpha')).toBe('Alpha 2')
    expect(uniqueName([...list, {id: 'd', name: 'Alpha 2'}], 'Alpha')).toBe('Alpha 3')
    expect(uniqueName(list, '')).toBe('Untitled')
  })

  it('should pick the next document after a deletion, else the previous one', () => {
    expect(neighbourOf(list, 'a')).toBe('b')
    expect(neighbourOf(list, 'c')).toBe('b')
    expect(neighbourOf([list[0]!], 'a')).toBeUndefined()
  })

  it('should set and remove texts without copying when nothing changes', () => {
    const texts = {a: 'one'}
    expect(setText(texts, 'a', 'one')).toBe(texts)
    expect(setText(texts, 'b', 'two')).toEqual({a: 'one', b: 'two'})
    expect(removeText({a: 'one', b: 'two'}, 'a')).toEqual({b: 'two'})
  })

  it('should name a document after its first heading', () => {
    expect(nameFromMarkdown('intro\n\n## The *real* title ##\n', 'Fallback')).toBe('The real title')
    expect(nameFromMarkdown('no heading', 'Fallback')).toBe('Fallback')
  })
})

describe('document atoms', () => {
  it('should create, edit and delete documents in one store', () => {
    const store = createStore()
    const first = store.set(createDocumentAtom, {name: 'Doc', text: '# one'})
    const second = store.set(createDocumentAtom, {name: 'Doc', text: '# two'})
    expect(store.get(documentListAtom).map((doc) => doc.name)).toEqual(['Doc', 'Doc 2'])
    expect(store.get(activeDocumentIdAtom)).toBe(second)
    store.set(markdownAtom, '# edited')
    store.set(deleteDocumentAtom, second)
    expect(store.get(activeDocumentIdAtom)).toBe(first)
    expect(store.get(markdownAtom)).toBe('# one')
    store.set(deleteDocumentAtom, first)
    // Deleting the last document leaves an empty one, never none.
    expect(store.get(documentListAtom).map((doc) => doc.name)).toEqual(['Untitled'])
    expect(store.get(markdownAtom)).toBe('')
  })
})
