/** A banner under the header while saving fails; it goes away once a save succeeds. */
import {useAtomValue} from 'jotai'
import {storageErrorAtom} from '../state/storage-status.ts'

/** Tells the user their changes are not being saved, and why. */
export function StorageNotice() {
  const reason = useAtomValue(storageErrorAtom)
  if (reason === undefined) return null
  return (
    // Styled like the preview's render error, which is the same kind of message.
    <div className="render-error storage-notice" role="alert">
      <span>
        <strong>Changes are not being saved:</strong> {reason}. Your text stays in this tab; export or copy it before closing.
      </span>
    </div>
  )
}
