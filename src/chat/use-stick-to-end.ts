/**
 * Keep a scrolling element at its end while its content grows, unless the
 * user has scrolled up; scrolling back to the end follows again.
 */
import {useCallback, useEffect, useRef, useState, type RefObject} from 'react'

/** Distance from the end, in px, that still counts as "at the end". */
const slack = 48

/** What the hook gives back. */
export interface StickToEnd {
  /** Whether the view is at (near) its end. */
  atEnd: boolean
  /** Scroll to the end and follow the content again. */
  scrollToEnd: (behavior?: ScrollBehavior) => void
}

/** Follow the end of `scroller` as `content` grows. */
export function useStickToEnd(scroller: RefObject<HTMLElement | null>, content: RefObject<HTMLElement | null>): StickToEnd {
  const follow = useRef(true)
  const lastTop = useRef(0)
  const [atEnd, setAtEnd] = useState(true)

  useEffect(() => {
    const element = scroller.current
    const inner = content.current
    if (!element || !inner) return
    const onScroll = () => {
      const distance = element.scrollHeight - element.scrollTop - element.clientHeight
      const near = distance < slack
      // Only the user moves the view up: our own scrolls go down, and a
      // shrinking text that clamps the view leaves it at the end.
      if (near) follow.current = true
      else if (element.scrollTop < lastTop.current) follow.current = false
      lastTop.current = element.scrollTop
      setAtEnd(near)
    }
    const onResize = () => {
      if (follow.current) element.scrollTop = element.scrollHeight
      onScroll()
    }
    const observer = new ResizeObserver(onResize)
    observer.observe(inner)
    observer.observe(element)
    element.addEventListener('scroll', onScroll, {passive: true})
    return () => {
      observer.disconnect()
      element.removeEventListener('scroll', onScroll)
    }
  }, [scroller, content])

  const scrollToEnd = useCallback(
    (behavior: ScrollBehavior = 'auto') => {
      follow.current = true
      const element = scroller.current
      element?.scrollTo({top: element.scrollHeight, behavior})
    },
    [scroller],
  )
  return {atEnd, scrollToEnd}
}
