/**
 * `npm run render`: runs `cli/render.ts` from a bundle of this repository's
 * code (esbuild; packages stay in node_modules), made again when one of its
 * sources changed. Running the TypeScript through a loader instead resolved
 * and loaded every module through the loader's thread, which took longer
 * than rendering a small document.
 *
 * Bundles go to `.cli/`; `.cli/current.json` names the current one's entry
 * and the sources it was made from. Entries are named per build and parts
 * by their content, so a process started before a rebuild keeps loading
 * its own bundle's parts.
 */
import {mkdir, readdir, readFile, rename, rm, stat, writeFile} from 'node:fs/promises'
import path from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
// One folder down from the repository's top, as `cli/` is: the code's paths
// relative to its own file (`../src/…`) stay true in the bundle.
const cache = path.join(root, '.cli')
const pointer = path.join(cache, 'current.json')
/** Bundles other than the current one are removed once this old. */
const keepOldMs = 60 * 60 * 1000

/** The current bundle's entry, if none of its sources changed since it was made. */
async function currentBuild() {
  try {
    const {entry, madeAt, inputs} = JSON.parse(await readFile(pointer, 'utf8'))
    const times = await Promise.all(inputs.map(async (input) => (await stat(path.join(root, input))).mtimeMs))
    return times.every((time) => time <= madeAt) ? path.join(cache, entry) : undefined
  } catch {
    return undefined
  }
}

/** Bundle `cli/render.ts` and make it the current bundle; returns its entry. */
async function build() {
  const {build} = await import('esbuild')
  await mkdir(cache, {recursive: true})
  const entry = `render-${Date.now()}-${process.pid}`
  const madeAt = Date.now()
  const result = await build({
    absWorkingDir: root,
    entryPoints: {[entry]: 'cli/render.ts'},
    outdir: cache,
    chunkNames: '[name]-[hash]',
    bundle: true,
    // Parts loaded only when needed (Chromium for diagrams, the document's CSS) stay apart, as in the sources.
    splitting: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    metafile: true,
    logLevel: 'error',
    write: false,
  })
  // Each file whole or not at all: processes started together may build at once, and parts of the same content share a name.
  for (const {path: file, contents} of result.outputFiles) await writeAtomically(file, contents)
  await writeAtomically(pointer, JSON.stringify({entry: `${entry}.js`, madeAt, inputs: Object.keys(result.metafile.inputs)}))
  await removeOldBuilds(Object.keys(result.metafile.outputs).map((output) => path.resolve(root, output)))
  return path.join(cache, `${entry}.js`)
}

async function writeAtomically(file, contents) {
  const temporary = `${file}.${process.pid}.tmp`
  await writeFile(temporary, contents)
  await rename(temporary, file)
}

/** Remove the files of bundles other than the current one (`current`, its files) once they are old. */
async function removeOldBuilds(current) {
  for (const name of await readdir(cache)) {
    const full = path.join(cache, name)
    if (!/\.js(\.\d+\.tmp)?$/.test(name) || current.includes(full)) continue
    // Another process may have removed it meanwhile.
    const made = await stat(full).then(
      ({mtimeMs}) => mtimeMs,
      () => Date.now(),
    )
    if (Date.now() - made > keepOldMs) await rm(full, {force: true})
  }
}

await import(pathToFileURL((await currentBuild()) ?? (await build())).href)
