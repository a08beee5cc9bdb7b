/** Samples served by the app and Open from URL; each opens as a new document. */
import {useQuery, useQueryClient} from '@tanstack/react-query'
import {useSetAtom} from 'jotai'
import {startTransition, useState, type FormEvent} from 'react'
import {sampleUrl, samplesQuery, textQuery, type Sample} from '../data/queries.ts'
import {createDocumentAtom, nameFromMarkdown} from '../state/documents.ts'
import {BookIcon} from './icons.tsx'
import {Popover} from './Popover.tsx'

/** The Open menu: samples and an address field. */
export function OpenMenu() {
  return (
    <Popover
      label={
        <>
          <BookIcon /> <span className="button-text">Open</span>
        </>
      }
      title="Open a sample or a URL"
      className="open-menu"
      align="end"
    >
      {(close) => <OpenPanel close={close} />}
    </Popover>
  )
}

function OpenPanel({close}: {close: () => void}) {
  const queryClient = useQueryClient()
  const create = useSetAtom(createDocumentAtom)
  const [url, setUrl] = useState('')
  const [status, setStatus] = useState<{loading: string} | {error: string} | undefined>()

  const open = async (address: string, name: (text: string) => string) => {
    setStatus({loading: address})
    try {
      const text = await queryClient.fetchQuery(textQuery(address))
      // A transition, as every switch of document is (src/state/documents.ts).
      startTransition(() => void create({name: name(text), text}))
      close()
    } catch (error) {
      setStatus({error: error instanceof Error ? error.message : String(error)})
    }
  }
  const openSample = (sample: Sample) => open(sampleUrl(sample), () => sample.name)
  const openUrl = (event: FormEvent) => {
    event.preventDefault()
    const address = url.trim()
    if (address) void open(address, (text) => nameFromMarkdown(text, fileName(address)))
  }

  return (
    <div className="menu open-panel">
      <div className="menu-heading">Samples</div>
      <SampleList onOpen={(sample) => void openSample(sample)} />
      <form className="open-url" onSubmit={openUrl}>
        <label className="menu-heading" htmlFor="open-url-input">
          Open from URL
        </label>
        <div className="open-url-row">
          <input
            id="open-url-input"
            type="url"
            className="text-input"
            placeholder="https://example.com/README.md"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            required
          />
          <button type="submit" className="button primary" disabled={status !== undefined && 'loading' in status}>
            Open
          </button>
        </div>
      </form>
      {status && 'loading' in status && <p className="menu-note">Loading…</p>}
      {status && 'error' in status && (
        <p className="menu-error" role="alert">
          {status.error}
        </p>
      )}
    </div>
  )
}

function SampleList({onOpen}: {onOpen: (sample: Sample) => void}) {
  const samples = useQuery(samplesQuery)
  if (samples.isPending) return <p className="menu-note">Loading samples…</p>
  if (samples.isError) return <p className="menu-error">{samples.error.message}</p>
  return (
    <ul className="menu-list" aria-label="Samples">
      {samples.data.map((sample) => (
        <li key={sample.id} className="menu-item">
          <button type="button" className="menu-item-main sample" data-sample={sample.id} onClick={() => onOpen(sample)}>
            <span className="menu-item-label">{sample.name}</span>
            {sample.description && <span className="menu-item-detail">{sample.description}</span>}
          </button>
        </li>
      ))}
    </ul>
  )
}

/** Last path segment of `address` without its extension, for a document name. */
function fileName(address: string): string {
  try {
    const last = new URL(address, location.href).pathname.split('/').filter(Boolean).pop() ?? ''
    return decodeURIComponent(last).replace(/\.(md|markdown|txt)$/i, '') || 'Opened document'
  } catch {
    return 'Opened document'
  }
}
