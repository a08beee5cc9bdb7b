/**
 * The folder says where code runs: `src/` on the main thread, `workers/` in
 * workers, `shared/` on both (and in Node), `server/` and `cli/` in Node,
 * `scripts/` at build time. These rules keep each folder to its own kind.
 */
import {readdirSync, readFileSync} from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'

const root = path.resolve(import.meta.dirname, '..')

interface Import {
  /** `src/render/client.ts` */
  from: string
  /** `workers/api.ts`, resolved from the root. */
  to: string
  kind: 'value' | 'type' | 'dynamic' | 'url'
}

// `import … from`, `export … from`, `import('…')`, `import '…'` and `new URL('…')` (how a worker entry is started).
const statement =
  /\b(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]|\bimport\s+['"]([^'"]+)['"]|\bnew\s+URL\(\s*['"]([^'"]+)['"]/g

function filesIn(folder: string): string[] {
  return readdirSync(path.join(root, folder), {recursive: true, encoding: 'utf8'})
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => path.posix.join(folder, file.split(path.sep).join('/')))
}

function importsOf(file: string): Import[] {
  const found: Import[] = []
  for (const match of readFileSync(path.join(root, file), 'utf8').matchAll(statement)) {
    const [, typeKeyword, clause, fromSpec, dynamicSpec, bareSpec, urlSpec] = match
    const spec = fromSpec ?? dynamicSpec ?? bareSpec ?? urlSpec!
    if (!spec.startsWith('.')) continue
    // `import {type A, type B} from` brings in nothing at run time either.
    const named = /^\{([^}]*)\}$/
      .exec(clause?.trim() ?? '')?.[1]
      ?.split(',')
      .map((name) => name.trim())
      .filter(Boolean)
    const onlyTypes = Boolean(typeKeyword) || (named !== undefined && named.length > 0 && named.every((name) => name.startsWith('type ')))
    const kind = fromSpec ? (onlyTypes ? 'type' : 'value') : dynamicSpec ? 'dynamic' : bareSpec ? 'value' : 'url'
    found.push({from: file, to: path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)), kind})
  }
  return found
}

const imports = ['src', 'workers', 'shared', 'server', 'cli'].flatMap(filesIn).flatMap(importsOf)

/** Imports from `folder` into any of `into`, as `from -> to (kind)`. */
function crossing(folder: string, into: string[], allowed: (item: Import) => boolean = () => false): string[] {
  return imports
    .filter((item) => item.from.startsWith(`${folder}/`) && into.some((other) => item.to.startsWith(`${other}/`)) && !allowed(item))
    .map((item) => `${item.from} -> ${item.to} (${item.kind})`)
}

describe('folders say where code runs', () => {
  it('should see the imports it checks', () => {
    expect(imports).toContainEqual({from: 'src/render/client.ts', to: 'workers/api.ts', kind: 'type'})
    expect(imports).toContainEqual({from: 'src/render/client.ts', to: 'workers/render.worker.ts', kind: 'url'})
  })

  it('should keep main-thread, server and CLI code out of workers/', () => {
    expect(crossing('workers', ['src', 'server', 'cli'])).toEqual([])
  })

  it('should let src/ take only types and worker entries from workers/', () => {
    // The benchmark's main-thread baselines run the pipeline there on purpose, loaded on demand.
    const baseline = (item: Import) => item.kind === 'dynamic' && item.from.startsWith('src/bench/modes/')
    const allowed = (item: Import) => item.kind === 'type' || item.kind === 'url' || baseline(item)
    expect(crossing('src', ['workers'], allowed)).toEqual([])
    expect(crossing('src', ['server', 'cli'])).toEqual([])
  })

  it('should leave the benchmark worker entry to the benchmark', () => {
    const users = imports.filter((item) => /^workers\/bench[.-]/.test(item.to) && !/^(src\/bench|workers\/bench[.-])/.test(item.from))
    expect(users.map((item) => `${item.from} -> ${item.to}`)).toEqual([])
  })

  it('should keep server/ and cli/ off main-thread code', () => {
    expect(crossing('server', ['src'])).toEqual([])
    expect(crossing('cli', ['src'])).toEqual([])
  })

  it('should import nothing from scripts/ or tests/ at run time', () => {
    for (const folder of ['src', 'workers', 'shared', 'server', 'cli']) expect(crossing(folder, ['scripts', 'tests'])).toEqual([])
  })

  it('should keep shared/ free of any one side', () => {
    expect(crossing('shared', ['src', 'workers', 'server', 'cli'])).toEqual([])
  })
})
