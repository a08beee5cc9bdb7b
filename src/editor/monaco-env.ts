/**
 * Monaco from the local package, with only what the app uses: the core
 * editor, markdown highlighting, a set of editing features, and the editor
 * worker bundled by Vite. The package's default entry would add every
 * language and a 7 MB TypeScript worker.
 */
import {loader} from '@monaco-editor/react'
import * as monaco from 'monaco-editor/editor'
import EditorWorker from 'monaco-editor/editor/editor.worker?worker'
import 'monaco-editor/languages/definitions/markdown/register'
import 'monaco-editor/features/codicon/register'
import 'monaco-editor/features/bracketMatching/register'
import 'monaco-editor/features/clipboard/register'
import 'monaco-editor/features/comment/register'
import 'monaco-editor/features/contextmenu/register'
import 'monaco-editor/features/cursorUndo/register'
import 'monaco-editor/features/find/register'
import 'monaco-editor/features/folding/register'
import 'monaco-editor/features/gotoError/register'
import 'monaco-editor/features/hover/register'
import 'monaco-editor/features/indentation/register'
import 'monaco-editor/features/linesOperations/register'
import 'monaco-editor/features/links/register'
import 'monaco-editor/features/multicursor/register'
import 'monaco-editor/features/smartSelect/register'
import 'monaco-editor/features/wordHighlighter/register'
import 'monaco-editor/features/wordOperations/register'

self.MonacoEnvironment = {getWorker: () => new EditorWorker()}

// Backgrounds match the preview's (GitHub's) so the two panes read as one page.
monaco.editor.defineTheme('offthread-light', {
  base: 'vs',
  inherit: true,
  rules: [],
  colors: {'editor.background': '#ffffff', 'editorLineNumber.foreground': '#656d76', 'editor.lineHighlightBackground': '#f6f8fa'},
})
monaco.editor.defineTheme('offthread-dark', {
  base: 'vs-dark',
  inherit: true,
  rules: [],
  colors: {
    'editor.background': '#0d1117',
    'editorLineNumber.foreground': '#8b949e',
    'editor.lineHighlightBackground': '#161b22',
    'editorWidget.background': '#161b22',
  },
})

// Colouring brackets by nesting means parsing every bracket in the text into
// a tree before the first frame, which a text full of `[` makes long. Link
// brackets in markdown gain little from colours.
// Standalone Monaco takes this per model, not from the editor's options.
monaco.editor.onDidCreateModel((model) => model.updateOptions({bracketColorizationOptions: {enabled: false, independentColorPoolPerBracketType: false}}))

loader.config({monaco})

/** The Monaco API the editor was configured with. */
export {monaco}
