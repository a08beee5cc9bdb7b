/**
 * React components that replace some elements of the worker's HAST: code
 * blocks get a toolbar, headings an anchor, links the new-tab rule,
 * task-list checkboxes stay read-only; long lists, long paragraphs and deep
 * nesting mount a slice a frame, and very wide tables the columns in view,
 * all under the mount scheduler's budget (`mount-scheduler.ts`).
 */
import type {Element} from 'hast'
import {
  createContext,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ComponentProps,
  type JSX,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react'
import {Code} from './code-lines.tsx'
import {NestingSlices} from './leave-nesting.ts'
import {Diagram} from './mermaid/Diagram.tsx'
import {useGradual} from './mount-scheduler.ts'
import {Image} from './remote-images.tsx'
import {TableBlock, useTabStopWhileScrolling} from './TableBlock.tsx'
import {WideTable} from './WideTable.tsx'

type ElementProps<Tag extends keyof JSX.IntrinsicElements> = ComponentProps<Tag> & {node?: unknown}

/** `<pre>` with its language and a Copy button above it. */
export function CodeBlock({node: _node, ...props}: ElementProps<'pre'>) {
  const pre = useRef<HTMLPreElement>(null)
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle')
  const record = props as Record<string, unknown>
  const language = typeof record['data-language'] === 'string' ? record['data-language'] : undefined
  // A top-level block's line range belongs on the outermost element, for scroll sync.
  const {'data-line-start': lineStart, 'data-line-end': lineEnd, ...preProps} = record
  const copy = () => {
    const text = pre.current?.textContent ?? ''
    navigator.clipboard.writeText(text).then(
      () => setCopied('copied'),
      () => setCopied('failed'),
    )
    setTimeout(() => setCopied('idle'), 1500)
  }
  return (
    <div className="code-block" data-line-start={lineStart as number | undefined} data-line-end={lineEnd as number | undefined}>
      <div className="code-toolbar" contentEditable={false}>
        <span className="code-language">{language ?? 'text'}</span>
        <button type="button" className="code-copy" onClick={copy} aria-label="Copy code">
          {copied === 'copied' ? 'Copied' : copied === 'failed' ? 'Copy failed' : 'Copy'}
        </button>
      </div>
      <pre ref={pre} {...(preProps as ComponentProps<'pre'>)} />
    </div>
  )
}

/** `<pre>`: a mermaid fence, once closed, is drawn as a diagram; other code is a `CodeBlock`. */
function Pre(props: ElementProps<'pre'>) {
  const record = props as Record<string, unknown>
  if (record['data-language'] === 'mermaid' && !record['data-fence-open']) return <Diagram {...props} />
  return <CodeBlock {...props} />
}

/** A heading with a `#` link to itself, when it has a slug. */
function heading(Tag: 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6') {
  return function Heading({node: _node, children, ...props}: ElementProps<typeof Tag>) {
    const slug = (props as Record<string, unknown>)['data-slug']
    return (
      <Tag {...props}>
        {children}
        {typeof slug === 'string' && (
          // The `#` comes from CSS, so the heading's text stays its own.
          // biome-ignore lint/a11y/useAnchorContent: its name is the aria-label
          <a className="anchor" href={`#${slug}`} aria-label="Link to this section" />
        )}
      </Tag>
    )
  }
}

/** Links that leave the document open in a new tab, without giving it access to this one. */
export function Link({node: _node, ...props}: ElementProps<'a'>) {
  const href = props.href ?? ''
  if (href === '' || href.startsWith('#')) return <a {...props} />
  return <a {...props} target="_blank" rel="noopener noreferrer" />
}

/** Task-list checkboxes show their state but cannot be toggled. */
export function Checkbox({node: _node, ...props}: ElementProps<'input'>) {
  if (props.type !== 'checkbox') return <input {...props} />
  const prevent = (event: MouseEvent) => event.preventDefault()
  return <input {...props} readOnly disabled onClick={prevent} />
}

/** Lists with more children than twice this (items and the line endings between them) mount in slices of this many. */
export const listSliceItems = 50

/** Levels of lists and quotes inside one another mounted per frame. */
export const nestingSliceLevels = 32

/** How many lists and quotes enclose a component. */
const NestingDepth = createContext(0)

/**
 * Lists and quotes nested hundreds of levels deep are one block, laid out
 * together, and each level costs far more in style and layout than its few
 * elements suggest. So the content of every `nestingSliceLevels`th level
 * mounts in a later frame than its parent's (see `mount-scheduler.ts`):
 * each frame lays out a few dozen levels. A level, once shown, stays shown
 * through edits.
 */
function Nested({children}: {children: ReactNode}) {
  const depth = useContext(NestingDepth)
  const gated = depth > 0 && depth % nestingSliceLevels === 0
  const shown = useGradual(1, undefined, {first: gated ? 0 : 1}) > 0
  return <NestingDepth value={depth + 1}>{shown ? children : null}</NestingDepth>
}

/**
 * The element of a list or quote at a multiple of `nestingSliceLevels`
 * levels deep, whose content `Nested` mounts a frame later; `undefined`
 * elsewhere. On unmount it removes the levels below it deepest first, since
 * removing a nested tree costs more than linearly in its depth. It runs as
 * the block is deleted, before React removes it: the outermost such element
 * removes the deeper ones, then React removes what is left. A preview
 * leaving the document takes them apart before that, a few a frame
 * (`leave-nesting.ts`). Not in development, where StrictMode unmounts and
 * mounts again a tree it keeps.
 */
function useNestingSlice(): {ref: RefObject<HTMLElement | null> | undefined; depth: number | undefined} {
  const depth = useContext(NestingDepth)
  const slices = useContext(NestingSlices)
  const slice = depth > 0 && depth % nestingSliceLevels === 0 && !import.meta.env.DEV
  const ref = useRef<HTMLElement>(null)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    slices?.add(element)
    // On unmount only: the element is being deleted with everything in it.
    return () => {
      slices?.delete(element)
      for (const inner of [...element.querySelectorAll('[data-nesting-slice]')].reverse()) inner.remove()
    }
  }, [slices])
  return {ref: slice ? ref : undefined, depth: slice ? depth : undefined}
}

/**
 * A list of thousands of items (a document's footnotes) is one block, and
 * its items would be laid out in one long frame. Mounted a slice a frame
 * (see `mount-scheduler.ts`), it is whole a few frames later.
 */
function list(Tag: 'ol' | 'ul') {
  // The props of either (their refs differ in type only).
  const Element = Tag as 'ol'
  return function List({node: _node, children, ...props}: ElementProps<'ol'>) {
    // Items and the line endings between them.
    const items: ReactNode[] = Array.isArray(children) ? children : [children]
    const long = items.length > 2 * listSliceItems
    // A list that grows long (streaming) keeps what it showed.
    const revealed = Math.max(listSliceItems, useGradual(long ? items.length : 0, undefined, {first: listSliceItems, step: listSliceItems}))
    const slice = useNestingSlice()
    return (
      <Element {...props} ref={slice.ref as RefObject<HTMLOListElement> | undefined} data-nesting-slice={slice.depth}>
        <Nested>{long && revealed < items.length ? items.slice(0, revealed) : children}</Nested>
      </Element>
    )
  }
}

/** Elements of a long paragraph's chunks mounted at once, and then each frame. */
export const chunkSliceElements = 400
/** Characters of its text mounted at once, and then each frame: text costs to create and lay out however few elements hold it. */
export const chunkSliceChars = 500_000

/** A paragraph; one the worker cut into chunks (workers/display/text-chunks.ts) is a `ChunkedParagraph`. */
function Paragraph({node, children, ...props}: ElementProps<'p'>) {
  if (!(props as Record<string, unknown>)['data-text-chunks']) return <p {...props}>{children}</p>
  return (
    <ChunkedParagraph node={node as Element} paragraphProps={props}>
      {children}
    </ChunkedParagraph>
  )
}

/**
 * A long paragraph's chunks skip layout out of view, but every element in
 * them is styled and given a box when they mount (a paragraph of a thousand
 * footnote references). Its chunks mount about `chunkSliceElements`
 * elements, or `chunkSliceChars` characters, a frame (see `mount-scheduler.ts`).
 */
function ChunkedParagraph({node, paragraphProps, children}: {node: Element; paragraphProps: ComponentProps<'p'>; children: ReactNode}) {
  const chunks: ReactNode[] = Array.isArray(children) ? children : [children]
  const slice = useMemo(() => {
    const {elements, chars} = weigh(node)
    const perChunk = (total: number) => Math.max(1, total / chunks.length)
    return Math.max(1, Math.floor(Math.min(chunkSliceElements / perChunk(elements), chunkSliceChars / perChunk(chars))))
  }, [node, chunks.length])
  const revealed = useGradual(chunks.length, undefined, {first: slice, step: slice})
  return <p {...paragraphProps}>{revealed < chunks.length ? chunks.slice(0, revealed) : children}</p>
}

/** Elements and characters of text under `node`. */
function weigh(node: Element, sum = {elements: 0, chars: 0}): {elements: number; chars: number} {
  for (const child of node.children) {
    if (child.type === 'text') sum.chars += child.value.length
    else if (child.type === 'element') {
      sum.elements++
      weigh(child, sum)
    }
  }
  return sum
}

/** A quote, which nests like a list. */
function Quote({node: _node, children, ...props}: ElementProps<'blockquote'>) {
  const slice = useNestingSlice()
  return (
    <blockquote {...props} ref={slice.ref as RefObject<HTMLQuoteElement> | undefined} data-nesting-slice={slice.depth}>
      <Nested>{children}</Nested>
    </blockquote>
  )
}

/** A table under its toolbar (`TableBlock.tsx`); a wide one (see workers/display/wide-tables.ts) is a `WideTable`. */
export function Table({node, children, ...props}: ElementProps<'table'>) {
  const sections = (node as Element | undefined)?.data?.wideTable
  // A top-level block's line range belongs on the outermost element, for scroll sync.
  const {'data-line-start': lineStart, 'data-line-end': lineEnd, ...rest} = props as Record<string, unknown>
  const scroller = useRef<HTMLTableElement>(null)
  useTabStopWhileScrolling(scroller, node)
  return (
    <TableBlock table={node as Element | undefined} lineStart={lineStart} lineEnd={lineEnd}>
      {sections ? (
        <WideTable tableProps={rest as ComponentProps<'table'>} sections={sections} components={components} />
      ) : (
        <table ref={scroller} {...(rest as ComponentProps<'table'>)}>
          {children}
        </table>
      )}
    </TableBlock>
  )
}

/** Components for `toJsxRuntime`. */
export const components = {
  p: Paragraph,
  pre: Pre,
  code: Code,
  a: Link,
  img: Image,
  input: Checkbox,
  table: Table,
  ol: list('ol'),
  ul: list('ul'),
  blockquote: Quote,
  h1: heading('h1'),
  h2: heading('h2'),
  h3: heading('h3'),
  h4: heading('h4'),
  h5: heading('h5'),
  h6: heading('h6'),
}
