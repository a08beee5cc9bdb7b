/**
 * A long document's Monaco model, filled a few chunks a frame.
 *
 * Monaco takes in a whole text at once when a model is created and shown:
 * with word wrap on, it computes line breaks for every line in one long
 * main-thread task. Created with its first chunk and given the rest a few
 * chunks a frame, under the budget the preview's mounting shares
 * (`render/mount-scheduler.ts`), no frame takes in much.
 * The appends bypass the undo stack; the editor is read-only and its changes
 * are not the user's (`isFilling`) until the model is whole.
 */
import type {editor as MonacoEditorApi} from 'monaco-editor/editor'
import {frameBudgetMs, schedule} from '../render/mount-scheduler.ts'
import {monaco} from './monaco-env.ts'

/** Characters per chunk, at most; cut at a line ending when there is one. */
export const fillChunk = 8 * 1024
/** Lines per chunk, at most: Monaco's cost is as much per line as per character. */
export const fillLines = 200
/**
 * The model's first chunk: about a screen. The editor takes it in with the
 * model (lines, wrapping, cursors) in the task that opens the document.
 */
export const firstChunk = 4 * 1024
export const firstLines = 100
/**
 * Texts shorter than this, in characters and in lines, are created whole.
 * Lines count on their own: Monaco computes line breaks line by line, so many
 * short lines (a long list of footnotes) cost a long task in a short text.
 */
export const fillFrom = 16 * 1024
export const fillFromLines = 400

/**
 * A document with a line longer than this is not word-wrapped: Monaco
 * wraps a line whole, in the task that shows or changes it, so a line of
 * tens of thousands of characters makes a long task on every switch to the
 * document and every keystroke in that line.
 */
export const wrapMaxLine = 10_000

/** Models opened with a line longer than `wrapMaxLine`. */
const unwrapped = new WeakSet<MonacoEditorApi.ITextModel>()

/** Whether the editor word-wraps `model`. */
export function wrapsLines(model: MonacoEditorApi.ITextModel | null | undefined): boolean {
  return !model || !unwrapped.has(model)
}

/** Models being filled, with the line count they will have. */
const filling = new Map<MonacoEditorApi.ITextModel, number>()

/** Whether `model` is still being filled (its changes are the fill's). */
export function isFilling(model: MonacoEditorApi.ITextModel | null | undefined): boolean {
  return model !== null && model !== undefined && filling.has(model)
}

/**
 * Digits of the line count `model` will have once filled (or has): the
 * editor's line-number gutter is made that wide from the start, since a
 * wider gutter narrows the text and Monaco then wraps every line again.
 */
export function finalLineDigits(model: MonacoEditorApi.ITextModel | null | undefined): number {
  return String(finalLineCount(model)).length
}

/** The line count `model` will have once filled (or has). */
export function finalLineCount(model: MonacoEditorApi.ITextModel | null | undefined): number {
  return (model && filling.get(model)) ?? model?.getLineCount() ?? 1
}

/**
 * Make sure the model at `path` exists: a short `text` gets it whole; a
 * long one gets a model holding its first chunk, filled with the rest a
 * few chunks a frame, then `onFilled`. The fill starts once `ready()`
 * resolves (the render's first blocks: see `firstBlocksReady`) and an
 * editor shows the model. Returns whether a fill started. An existing model is left as
 * it is.
 */
export function prepareModel(path: string, text: string, language: string, onFilled: () => void, ready: () => Promise<void> = async () => {}): boolean {
  const uri = monaco.Uri.parse(path)
  if (monaco.editor.getModel(uri)) return false
  let lines = 1
  let lineStart = 0
  let longest = 0
  for (let index = text.indexOf('\n'); index >= 0; index = text.indexOf('\n', index + 1)) {
    longest = Math.max(longest, index - lineStart)
    lineStart = index + 1
    lines++
  }
  longest = Math.max(longest, text.length - lineStart)
  if (text.length < fillFrom && lines < fillFromLines) {
    monaco.editor.createModel(text, language, uri)
    return false
  }
  let at = chunkEnd(text, 0, firstChunk, firstLines)
  const model = monaco.editor.createModel(text.slice(0, at), language, uri)
  if (longest > wrapMaxLine) unwrapped.add(model)
  filling.set(model, lines)
  // Chunks go in under the frame budget the preview's mounting shares, as
  // many a frame as fit; none when a chunk would not fit in what is left,
  // unless the frame's budget is whole.
  let msEach = 0
  const fill = (budgetMs: number): boolean => {
    const started = performance.now()
    if (budgetMs < frameBudgetMs && msEach > budgetMs) return true
    let chunks = 0
    while (!model.isDisposed() && at < text.length && (chunks++ === 0 || performance.now() - started + msEach <= budgetMs)) {
      const chunkStarted = performance.now()
      const end = chunkEnd(text, at)
      const line = model.getLineCount()
      const column = model.getLineMaxColumn(line)
      model.applyEdits([{range: new monaco.Range(line, column, line, column), text: text.slice(at, end)}])
      at = end
      msEach = performance.now() - chunkStarted
    }
    if (!model.isDisposed() && at < text.length) return true
    filling.delete(model)
    if (!model.isDisposed()) onFilled()
    return false
  }
  // The scheduler runs the fill in a task after the next frame: Monaco
  // renders the model it was just given in that frame, and an append made
  // before it would be laid out with that render, making the frame long.
  void ready()
    .then(() => shown(model))
    .then(() => schedule(fill))
  return true
}

/**
 * Resolves once `model` is shown in an editor (or disposed). A model not
 * shown takes appends at little cost, so a fill that ran ahead of the
 * editor's switch would hand Monaco a whole model to wrap in the task that
 * shows it.
 */
function shown(model: MonacoEditorApi.ITextModel): Promise<void> {
  if (model.isAttachedToEditor() || model.isDisposed()) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      attached.dispose()
      disposed.dispose()
      resolve()
    }
    const attached = model.onDidChangeAttached(() => model.isAttachedToEditor() && done())
    const disposed = model.onWillDispose(done)
  })
}

/**
 * Where the chunk starting at `from` ends: after at most `maxLines` lines
 * within `chars` characters, or after the line that is longer (Monaco
 * wraps a line whole each time it changes, so a long line goes in one piece).
 */
export function chunkEnd(text: string, from: number, chars = fillChunk, maxLines = fillLines): number {
  const limit = Math.min(text.length, from + chars)
  let lines = 0
  let lineEnd = -1
  for (let index = text.indexOf('\n', from); index >= 0 && index < limit && lines < maxLines; index = text.indexOf('\n', index + 1)) {
    lineEnd = index
    lines++
  }
  // The rest fits in one chunk.
  if (limit === text.length && lines < maxLines) return text.length
  if (lineEnd >= 0) return lineEnd + 1
  // A line longer than a chunk: all of it.
  const next = text.indexOf('\n', limit)
  return next < 0 ? text.length : next + 1
}
