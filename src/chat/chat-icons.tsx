/** Icons of the chat view (16 px, `currentColor`), drawn like `ui/icons.tsx`. */
import {icon} from '../ui/icons.tsx'

/** Two sheets: copy. */
export const CopyIcon = icon(
  <>
    <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" />
    <path d="M10.5 5.5V3.5a1 1 0 0 0-1-1h-6a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h2" />
  </>,
)
/** A tick. */
export const CheckIcon = icon(<path d="M3 8.5l3 3 7-7" />)
/** A circular arrow: regenerate, retry. */
export const RetryIcon = icon(
  <>
    <path d="M13.5 8a5.5 5.5 0 1 1-1.6-3.9" />
    <path d="M13.5 2.5v3h-3" />
  </>,
)
/** A page with an arrow: open in the editor. */
export const OpenInEditorIcon = icon(
  <>
    <path d="M9 1.5H4v13h8.5V5z" />
    <path d="M9 1.5V5h3.5M6 9.5h4M8 7.5l2 2-2 2" />
  </>,
)
/** An arrow up: send. */
export const SendIcon = icon(<path d="M8 13V3M3.5 7.5L8 3l4.5 4.5" />)
/** A filled square: stop. */
export function StopIcon() {
  return (
    <svg className="icon" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
      <rect x="1" y="1" width="10" height="10" rx="2" fill="currentColor" />
    </svg>
  )
}
/** An arrow down: jump to the end. */
export const ArrowDownIcon = icon(<path d="M8 3v10M3.5 8.5L8 13l4.5-4.5" />)
/** A speech bubble: a conversation. */
export const ChatIcon = icon(<path d="M2.5 3.5h11v7.5H7l-3 2.5V11H2.5z" />)
/** A compose pen: new chat. */
export const ComposeIcon = icon(
  <>
    <path d="M7 2.5H3.5a1 1 0 0 0-1 1v9a1 1 0 0 0 1 1h9a1 1 0 0 0 1-1V9" />
    <path d="M12 1.8l2.2 2.2L8.5 9.7 6 10l.3-2.5z" />
  </>,
)
/** A warning triangle. */
export const WarningIcon = icon(
  <>
    <path d="M8 2l6.5 11.5h-13z" />
    <path d="M8 6.5v3M8 11.5v.01" />
  </>,
)
