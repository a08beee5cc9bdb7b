/** The Monaco editor instance, for the parts of the app that steer it (scroll sync, preview clicks). */
import {atom} from 'jotai'
import type {editor} from 'monaco-editor/editor'

/** The mounted editor, or `undefined` while Monaco loads. */
export const editorAtom = atom<editor.IStandaloneCodeEditor | undefined>(undefined)
