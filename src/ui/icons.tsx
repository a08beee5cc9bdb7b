/** Small inline icons (16 px, `currentColor`), so nothing loads from elsewhere. */
import type {ReactNode} from 'react'

/** An icon component drawing `path` in the shared 16 px frame (the chat's icons use it too). */
export function icon(path: ReactNode) {
  return function Icon() {
    return (
      <svg
        className="icon"
        width="16"
        height="16"
        viewBox="0 0 16 16"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        {path}
      </svg>
    )
  }
}

/** A sun: light theme. */
export const SunIcon = icon(
  <>
    <circle cx="8" cy="8" r="3" />
    <path d="M8 1.5v1.5M8 13v1.5M1.5 8H3M13 8h1.5M3.4 3.4l1 1M11.6 11.6l1 1M3.4 12.6l1-1M11.6 4.4l1-1" />
  </>,
)
/** A moon: dark theme. */
export const MoonIcon = icon(<path d="M13.5 9.5A5.5 5.5 0 0 1 6.5 2.5a5.5 5.5 0 1 0 7 7z" />)
/** A monitor: the system's theme. */
export const SystemIcon = icon(
  <>
    <rect x="1.5" y="2.5" width="13" height="9" rx="1.5" />
    <path d="M5.5 14h5M8 11.5V14" />
  </>,
)
/** A document. */
export const FileIcon = icon(
  <>
    <path d="M4 1.5h5l3.5 3.5v9.5H4z" />
    <path d="M9 1.5V5h3.5" />
  </>,
)
/** A chevron pointing down. */
export const ChevronIcon = icon(<path d="M4 6l4 4 4-4" />)
/** A plus. */
export const PlusIcon = icon(<path d="M8 3v10M3 8h10" />)
/** A link. */
export const LinkIcon = icon(
  <>
    <path d="M7 9a3 3 0 0 0 4.2 0l2-2a3 3 0 0 0-4.2-4.2l-.8.8" />
    <path d="M9 7a3 3 0 0 0-4.2 0l-2 2a3 3 0 0 0 4.2 4.2l.8-.8" />
  </>,
)
/** An arrow out of a box: share. */
export const ShareIcon = icon(
  <>
    <path d="M8 10V1.5M5 4.5l3-3 3 3" />
    <path d="M4 7H3v7.5h10V7h-1" />
  </>,
)
/** An arrow into a tray: download. */
export const DownloadIcon = icon(
  <>
    <path d="M8 1.5V10M5 7l3 3 3-3" />
    <path d="M2.5 11v3h11v-3" />
  </>,
)
/** A book: samples. */
export const BookIcon = icon(
  <>
    <path d="M2 2.5h4.5A1.5 1.5 0 0 1 8 4v10a1.5 1.5 0 0 0-1.5-1.5H2z" />
    <path d="M14 2.5H9.5A1.5 1.5 0 0 0 8 4v10a1.5 1.5 0 0 1 1.5-1.5H14z" />
  </>,
)
/** A trash can. */
export const TrashIcon = icon(<path d="M2.5 4h11M6 4V2.5h4V4M4 4l.7 10h6.6L12 4" />)
/** A pencil. */
export const PencilIcon = icon(<path d="M11 2l3 3-8.5 8.5H2.5v-3z" />)
/** Lines of a list: the outline. */
export const ListIcon = icon(<path d="M5.5 4h8M5.5 8h8M5.5 12h8M2.5 4h.5M2.5 8h.5M2.5 12h.5" />)
/** An open folder: open a file. */
export const FolderIcon = icon(<path d="M1.5 13.5V3h4.5l1.5 1.5h6v2.5M1.5 13.5l2-6.5h11l-2 6.5z" />)
/** A floppy disk: save. */
export const SaveIcon = icon(
  <>
    <path d="M2.5 2.5h9l2 2v9h-11z" />
    <path d="M5 2.5v3.5h5V2.5M5 13.5V9.5h6v4" />
  </>,
)
