/** The benchmark's settings: documents, scenarios, modes, and the typing and streaming rates. */
import {useQuery} from '@tanstack/react-query'
import {useAtom} from 'jotai'
import {useState, type ReactNode} from 'react'
import {samplesQuery} from '../data/queries.ts'
import {benchConfigAtom, parseSizes, toggleIn} from './bench-state.ts'
import {generatedSizes, sizeLabel} from './documents.ts'
import {modes, profiles, scenarios} from './types.ts'

/** The settings form; `disabled` while a benchmark runs. */
export function BenchControls({disabled}: {disabled: boolean}) {
  return (
    <form className="bench-form" onSubmit={(event) => event.preventDefault()}>
      <DocumentChoices disabled={disabled} />
      <Choices
        title="Profiles"
        hint="The shape of the generated text, for each size picked."
        name="profile"
        list="profiles"
        items={profiles}
        disabled={disabled}
      />
      <Choices title="Scenarios" name="scenario" list="scenarios" items={scenarios} disabled={disabled} />
      <Choices title="Modes" hint="Each runs in turn on the same input." name="mode" list="modes" items={modes} disabled={disabled} />
      <Group title="Rates">
        <NumberField label="Keystrokes" setting="keystrokes" min={1} max={500} disabled={disabled} />
        <NumberField label="ms between keys" setting="keystrokeMs" min={10} max={1000} disabled={disabled} />
        <NumberField label="Chunk characters" hint="0: the document in 500 chunks" setting="chunkChars" min={0} max={1_000_000} disabled={disabled} />
        <NumberField label="Chunks per second" setting="chunksPerSecond" min={1} max={1000} disabled={disabled} />
        <NumberField label="Block workers" hint="Offthread's pool; 0 renders in the session worker" setting="pool" min={0} max={8} disabled={disabled} />
      </Group>
      <Group title="Chat" hint="The chat scenario: replies of 5 to 30 KB from the replay model, with and without footnotes, at each rate.">
        <ChatRatesField disabled={disabled} />
        <NumberField label="Replies" setting="chatReplies" min={1} max={20} disabled={disabled} />
        <NumberField
          label="Seconds per reply"
          hint="A reply that would stream longer is generated shorter; 0: whole replies"
          setting="chatSeconds"
          min={0}
          max={3600}
          disabled={disabled}
        />
      </Group>
    </form>
  )
}

type ListSetting = 'documents' | 'profiles' | 'scenarios' | 'modes'

interface ChoicesProps {
  title: string
  hint?: string
  /** The checkboxes' form name. */
  name: string
  /** The setting whose ids the checkboxes add and remove. */
  list: ListSetting
  items: readonly {id: string; label: string; detail?: string}[]
  disabled: boolean
  children?: ReactNode
}

/** A group of checkboxes, one per item, each in or out of a list setting. */
function Choices({title, hint, name, list, items, disabled, children}: ChoicesProps) {
  const [config, setConfig] = useAtom(benchConfigAtom)
  const picked = config[list] as readonly string[]
  return (
    <Group title={title} hint={hint}>
      {items.map(({id, label, detail}) => (
        <Check
          key={id}
          name={name}
          value={id}
          label={label}
          detail={detail}
          checked={picked.includes(id)}
          disabled={disabled}
          onChange={(on) => setConfig((prev) => toggleIn(prev, list, id as never, on))}
        />
      ))}
      {children}
    </Group>
  )
}

/** The documents: generated sizes (and others typed in), the samples, and the open document. */
function DocumentChoices({disabled}: {disabled: boolean}) {
  const [config, setConfig] = useAtom(benchConfigAtom)
  const samples = useQuery(samplesQuery)
  const [sizes, setSizes] = useState('')
  const [sizesError, setSizesError] = useState<string>()
  const custom = config.documents.filter((id) => id.startsWith('gen:') && !generatedSizes.includes(Number(id.slice(4)) as never))
  const documents = [
    ...generatedSizes.map((bytes) => ({id: `gen:${bytes}`, label: `Generated ${sizeLabel(bytes)}`})),
    ...custom.map((id) => ({id, label: `Generated ${sizeLabel(Number(id.slice(4)))}`})),
    ...(samples.data ?? []).map((sample) => ({id: `sample:${sample.file}`, label: `Sample: ${sample.name}`})),
    {id: 'current', label: 'The open document'},
  ]
  const addSizes = () => {
    try {
      const ids = parseSizes(sizes)
      setConfig((prev) => ids.reduce((next, id) => toggleIn(next, 'documents', id, true), prev))
      setSizes('')
      setSizesError(undefined)
    } catch (error) {
      setSizesError(error instanceof Error ? error.message : String(error))
    }
  }
  return (
    <Choices title="Documents" hint="Generated: seeded, every feature mixed in." name="document" list="documents" items={documents} disabled={disabled}>
      <div className="bench-sizes">
        <input
          className="text-input"
          name="sizes"
          aria-label="Other sizes"
          placeholder="Other sizes: 50k, 2m"
          value={sizes}
          disabled={disabled}
          onChange={(event) => setSizes(event.target.value)}
          onKeyDown={(event) => event.key === 'Enter' && addSizes()}
        />
        <button type="button" className="button" onClick={addSizes} disabled={disabled || sizes.trim() === ''}>
          Add
        </button>
      </div>
      {sizesError && <p className="bench-error">{sizesError}</p>}
    </Choices>
  )
}

type NumberSetting = 'keystrokes' | 'keystrokeMs' | 'chunkChars' | 'chunksPerSecond' | 'pool' | 'chatReplies' | 'chatSeconds'

/** A number setting, kept within `min` and `max`. */
function NumberField({
  label,
  hint,
  setting,
  min,
  max,
  disabled,
}: {
  label: string
  hint?: string
  setting: NumberSetting
  min: number
  max: number
  disabled: boolean
}) {
  const [config, setConfig] = useAtom(benchConfigAtom)
  const onChange = (event: {target: HTMLInputElement}) => {
    const value = Number(event.target.value)
    if (Number.isFinite(value)) setConfig((prev) => ({...prev, [setting]: Math.min(max, Math.max(min, value))}))
  }
  return (
    <Field label={label} hint={hint}>
      <input className="text-input" type="number" name={setting} min={min} max={max} value={config[setting]} disabled={disabled} onChange={onChange} />
    </Field>
  )
}

/** The chat scenario's rates, comma-separated; the setting changes once the text holds a valid rate. */
function ChatRatesField({disabled}: {disabled: boolean}) {
  const [config, setConfig] = useAtom(benchConfigAtom)
  const [rates, setRates] = useState(config.chatRates.join(','))
  const onChange = (text: string) => {
    setRates(text)
    const list = text
      .split(',')
      .map((item) => Number(item.trim()))
      .filter((rate) => Number.isInteger(rate) && rate > 0)
    if (list.length > 0) setConfig((prev) => ({...prev, chatRates: list}))
  }
  return (
    <Field label="Characters per second" hint="The model's rates, comma-separated">
      <input className="text-input" name="chatRates" value={rates} disabled={disabled} onChange={(event) => onChange(event.target.value)} />
    </Field>
  )
}

function Group({title, hint, children}: {title: string; hint?: string; children: ReactNode}) {
  return (
    <fieldset className="bench-group">
      <legend>{title}</legend>
      {hint && <p className="bench-hint">{hint}</p>}
      {children}
    </fieldset>
  )
}

interface CheckProps {
  name: string
  value: string
  label: string
  detail?: string
  checked: boolean
  disabled: boolean
  onChange: (on: boolean) => void
}

function Check({name, value, label, detail, checked, disabled, onChange}: CheckProps) {
  return (
    <label className="bench-check" title={detail}>
      <input type="checkbox" name={name} value={value} checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
      <span>
        {label}
        {detail && <span className="bench-detail">{detail}</span>}
      </span>
    </label>
  )
}

function Field({label, hint, children}: {label: string; hint?: string; children: ReactNode}) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is one of the children
    <label className="bench-field" title={hint}>
      <span>{label}</span>
      {children}
    </label>
  )
}
