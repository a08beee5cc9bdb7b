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
  const [rates, setRates] = useState(config.chatRates.join(','))
  const number = (key: 'keystrokes' | 'keystrokeMs' | 'chunkChars' | 'chunksPerSecond' | 'pool' | 'chatReplies' | 'chatSeconds', min: number, max: number) => ({
    type: 'number',
    name: key,
    min,
    max,
    value: config[key],
    disabled,
    onChange: (event: {target: HTMLInputElement}) => {
      const value = Number(event.target.value)
      if (Number.isFinite(value)) setConfig((prev) => ({...prev, [key]: Math.min(max, Math.max(min, value))}))
    },
  })
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
    <form className="bench-form" onSubmit={(event) => event.preventDefault()}>
      <Group title="Documents" hint="Generated: seeded, every feature mixed in.">
        {documents.map(({id, label}) => (
          <Check
            key={id}
            name="document"
            value={id}
            label={label}
            checked={config.documents.includes(id)}
            disabled={disabled}
            onChange={(on) => setConfig((prev) => toggleIn(prev, 'documents', id, on))}
          />
        ))}
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
      </Group>
      <Group title="Profiles" hint="The shape of the generated text, for each size picked.">
        {profiles.map(({id, label, detail}) => (
          <Check
            key={id}
            name="profile"
            value={id}
            label={label}
            detail={detail}
            checked={config.profiles.includes(id)}
            disabled={disabled}
            onChange={(on) => setConfig((prev) => toggleIn(prev, 'profiles', id, on))}
          />
        ))}
      </Group>
      <Group title="Scenarios">
        {scenarios.map(({id, label, detail}) => (
          <Check
            key={id}
            name="scenario"
            value={id}
            label={label}
            detail={detail}
            checked={config.scenarios.includes(id)}
            disabled={disabled}
            onChange={(on) => setConfig((prev) => toggleIn(prev, 'scenarios', id, on))}
          />
        ))}
      </Group>
      <Group title="Modes" hint="Each runs in turn on the same input.">
        {modes.map(({id, label, detail}) => (
          <Check
            key={id}
            name="mode"
            value={id}
            label={label}
            detail={detail}
            checked={config.modes.includes(id)}
            disabled={disabled}
            onChange={(on) => setConfig((prev) => toggleIn(prev, 'modes', id, on))}
          />
        ))}
      </Group>
      <Group title="Rates">
        <Field label="Keystrokes">
          <input className="text-input" {...number('keystrokes', 1, 500)} />
        </Field>
        <Field label="ms between keys">
          <input className="text-input" {...number('keystrokeMs', 10, 1000)} />
        </Field>
        <Field label="Chunk characters" hint="0: the document in 500 chunks">
          <input className="text-input" {...number('chunkChars', 0, 1_000_000)} />
        </Field>
        <Field label="Chunks per second">
          <input className="text-input" {...number('chunksPerSecond', 1, 1000)} />
        </Field>
        <Field label="Block workers" hint="Offthread's pool; 0 renders in the session worker">
          <input className="text-input" {...number('pool', 0, 8)} />
        </Field>
      </Group>
      <Group title="Chat" hint="The chat scenario: replies of 5 to 30 KB from the replay model, with and without footnotes, at each rate.">
        <Field label="Characters per second" hint="The model's rates, comma-separated">
          <input
            className="text-input"
            name="chatRates"
            value={rates}
            disabled={disabled}
            onChange={(event) => {
              setRates(event.target.value)
              const list = event.target.value
                .split(',')
                .map((item) => Number(item.trim()))
                .filter((rate) => Number.isInteger(rate) && rate > 0)
              if (list.length > 0) setConfig((prev) => ({...prev, chatRates: list}))
            }}
          />
        </Field>
        <Field label="Replies">
          <input className="text-input" {...number('chatReplies', 1, 20)} />
        </Field>
        <Field label="Seconds per reply" hint="A reply that would stream longer is generated shorter; 0: whole replies">
          <input className="text-input" {...number('chatSeconds', 0, 3600)} />
        </Field>
      </Group>
    </form>
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
