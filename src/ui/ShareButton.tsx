/** Share: copy a link that carries the document in its fragment (`#md=…`). */
import {useStore} from 'jotai'
import {useEffect, useState} from 'react'
import {markdownAtom} from '../state/documents.ts'
import {shareUrl} from '../../shared/share-link.ts'
import {ShareIcon} from './icons.tsx'
import {Popover} from './Popover.tsx'

/** The Share button and its panel with the link. */
export function ShareButton() {
  return (
    <Popover
      label={
        <>
          <ShareIcon /> <span className="button-text">Share</span>
        </>
      }
      title="Share a link to this document"
      className="share-menu"
      align="end"
    >
      {() => <SharePanel />}
    </Popover>
  )
}

function SharePanel() {
  const store = useStore()
  // The link is made when the panel opens; reopening picks up later edits.
  const [link] = useState(() => shareUrl(location.href, store.get(markdownAtom)))
  const [copied, setCopied] = useState<'pending' | 'copied' | 'failed'>('pending')
  useEffect(() => {
    navigator.clipboard.writeText(link).then(
      () => setCopied('copied'),
      () => setCopied('failed'),
    )
  }, [link])
  return (
    <div className="menu share-panel">
      <div className="menu-heading">Share</div>
      <p className="menu-note">
        {copied === 'copied' ? 'Link copied to the clipboard.' : copied === 'failed' ? 'Copy the link below.' : 'Copying…'} Opening it creates a new document
        with this text; nothing is uploaded.
      </p>
      <input className="text-input share-link" readOnly value={link} aria-label="Share link" onFocus={(event) => event.target.select()} />
      {link.length > 8000 && <p className="menu-note">This link is {Math.round(link.length / 1000)} KB long; some apps cut long links.</p>}
    </div>
  )
}
