/**
 * Windowing of a long document's block groups: only the groups near the
 * screen are mounted. The others are placeholders of about their height,
 * one element each, holding the group's text for the browser's find in page.
 *
 * Mounting all of a long document fills the main thread's young generation
 * with objects that all survive (React's fibers and elements, the DOM's
 * wrappers), and each scavenge that copies them makes a long task. A group, once mounted, stays
 * mounted, so scrolling back never waits and heights only settle once.
 */
import type {Root, RootContent} from 'hast'
import {toString} from 'hast-util-to-string'
import {memo, useEffect, useLayoutEffect, useMemo, useReducer, useRef, type CSSProperties} from 'react'
import {flushSync} from 'react-dom'
import {clobberPrefix} from '../../shared/display.ts'
import {coalesced} from './mount-scheduler.ts'

/** What the window needs of one block. */
export interface WindowItem {
  /** The block's id. */
  id: string
  hast: Root
  lineOffset: number
}

/** Groups mounted from the start, whatever the window says: the first screen. */
const firstGroups = 1

/** Mount groups this far above and below the scroller's viewport (CSS margin). */
const windowMargin = '100% 0px'

/**
 * The event the preview sends to the article when a `#fragment` link's
 * target is not in the DOM: the window mounts the group that holds it.
 * `detail` is the id, as written in the document (`user-content-` optional).
 */
export const revealEvent = 'offthread:reveal'

/** The window of one blocks view. */
export interface GroupWindow {
  /** Whether the group of `items`, the `index`th, is mounted. */
  mounts(items: readonly WindowItem[], index: number): boolean
  /** Ref of the article. */
  articleRef(article: HTMLElement | null): void
  /** Mount the group of `items` (the window reached it, or find in page did). */
  mount(items: readonly WindowItem[]): void
  /** Watch a placeholder; returns the function that stops watching it. */
  observe(element: Element, items: readonly WindowItem[]): () => void
}

/**
 * The window of a blocks view: everything mounted unless `windowed`. The
 * mounted groups are remembered by their blocks' ids, which edits keep,
 * and forgotten with the session.
 */
export function useGroupWindow(windowed: boolean, sessionId: string | undefined, groups: readonly (readonly WindowItem[])[]): GroupWindow {
  const kept = useRef({sessionId, keys: new Set<string>()})
  if (kept.current.sessionId !== sessionId) kept.current = {sessionId, keys: new Set()}
  const [, rerender] = useReducer((count: number) => count + 1, 0)
  const latest = useRef({windowed, groups})
  latest.current = {windowed, groups}
  const article = useRef<HTMLElement | null>(null)

  // One object for the view's life: placeholders depend on it.
  const groupWindow = useMemo(
    () =>
      createGroupWindow({
        keep: (items) => {
          for (const {id} of items) kept.current.keys.add(id)
        },
        isKept: (items) => items.some(({id}) => kept.current.keys.has(id)),
        windowed: () => latest.current.windowed,
        article,
        rerender,
      }),
    [],
  )
  useEffect(() => () => groupWindow.disconnect(), [groupWindow])

  // A fragment link to a block not mounted: mount its group at once, so
  // that the link's handler finds its target right after.
  useEffect(() => {
    const element = article.current
    if (!element || !windowed) return
    const onReveal = (event: Event) => {
      const id = String((event as CustomEvent<string>).detail)
      const group = latest.current.groups.find((items) => items.some((item) => blockHasId(item, id)))
      if (group) flushSync(() => groupWindow.mount(group))
    }
    element.addEventListener(revealEvent, onReveal)
    return () => element.removeEventListener(revealEvent, onReveal)
  }, [windowed, groupWindow])

  return groupWindow
}

/** What a group window reads and changes of its view. */
interface WindowView {
  keep(items: readonly WindowItem[]): void
  isKept(items: readonly WindowItem[]): boolean
  windowed(): boolean
  article: {current: HTMLElement | null}
  rerender(): void
}

function createGroupWindow(view: WindowView): GroupWindow & {disconnect(): void} {
  let observer: IntersectionObserver | undefined
  const watched = new Map<Element, readonly WindowItem[]>()
  // Groups that came near mount in the mount scheduler's next frame, together.
  const mountNear = coalesced(view.rerender)
  return {
    mounts(items, index) {
      if (!view.windowed() || index < firstGroups || view.isKept(items)) {
        view.keep(items)
        return true
      }
      return false
    },
    articleRef(element) {
      view.article.current = element
    },
    mount(items) {
      view.keep(items)
      view.rerender()
    },
    observe(element, items) {
      observer ??= new IntersectionObserver(
        (entries) => {
          const near = entries.filter((entry) => entry.isIntersecting)
          if (near.length === 0) return
          for (const entry of near) view.keep(watched.get(entry.target) ?? [])
          mountNear.request()
        },
        {root: scrollParent(element), rootMargin: windowMargin},
      )
      watched.set(element, items)
      observer.observe(element)
      return () => {
        watched.delete(element)
        observer?.unobserve(element)
      }
    },
    disconnect() {
      observer?.disconnect()
      mountNear.cancel()
    },
  }
}

/** Whether `item` renders an element with id `id` (or `user-content-<id>`), its headings included. */
function blockHasId(item: WindowItem, id: string): boolean {
  const bare = id.startsWith(clobberPrefix) ? id.slice(clobberPrefix.length) : id
  const ids = new Set([id, clobberPrefix + bare])
  const visit = (nodes: readonly RootContent[]): boolean =>
    nodes.some((node) => node.type === 'element' && ((typeof node.properties.id === 'string' && ids.has(node.properties.id)) || visit(node.children)))
  return visit(item.hast.children)
}

/**
 * The element whose scrolling brings `element` into view: the preview's or
 * the chat's scroller, else the viewport. Found by class, not by computed
 * style, which would make the browser compute every pending style at once.
 */
function scrollParent(element: Element): Element | null {
  return element.closest('.preview-scroll, .chat-scroll')
}

/** Lines of a block: its last top-level element's `data-line-end` (1 if it has none). */
function blockLines(hast: Root): number {
  for (let index = hast.children.length - 1; index >= 0; index--) {
    const node = hast.children[index]!
    if (node.type === 'element' && node.properties.dataLineEnd !== undefined) return Number(node.properties.dataLineEnd)
  }
  return 1
}

/**
 * A group not mounted: one box of about the group's height, estimated from
 * its lines, that scroll sync reads as one block spanning them. Its text,
 * written in when the browser is idle, is `hidden="until-found"`: find in
 * page finds it, and the group mounts.
 */
export const GroupPlaceholder = memo(
  function GroupPlaceholder({items, groupWindow}: {items: readonly WindowItem[]; groupWindow: GroupWindow}) {
    const first = items[0]!
    const last = items[items.length - 1]!
    const lines = last.lineOffset - first.lineOffset + blockLines(last.hast)
    const ref = useRef<HTMLDivElement>(null)

    useEffect(() => groupWindow.observe(ref.current!, items), [groupWindow, items])

    useLayoutEffect(() => {
      const element = ref.current!
      // React sets `hidden` as a boolean; find in page needs the value.
      element.setAttribute('hidden', 'until-found')
      const onMatch = () => groupWindow.mount(items)
      element.addEventListener('beforematch', onMatch)
      const idle = requestIdleCallback(() => (element.textContent = items.map(({hast}) => toString(hast)).join('\n')))
      return () => {
        cancelIdleCallback(idle)
        element.removeEventListener('beforematch', onMatch)
      }
    }, [items, groupWindow])

    return (
      <div className="block-group group-placeholder" style={{'--group-lines': lines} as CSSProperties}>
        <div className="block" data-line-offset={first.lineOffset}>
          <div ref={ref} className="group-placeholder-text" data-line-start={1} data-line-end={lines} />
        </div>
      </div>
    )
  },
  (before, after) => before.groupWindow === after.groupWindow && sameItems(before.items, after.items),
)

/** Whether two groups have the same blocks, rendered the same. */
export function sameItems(before: readonly WindowItem[], after: readonly WindowItem[]): boolean {
  return (
    before.length === after.length &&
    before.every((item, index) => {
      const other = after[index]!
      return item.id === other.id && item.hast === other.hast && item.lineOffset === other.lineOffset
    })
  )
}
