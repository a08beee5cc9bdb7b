// Every runtime dependency in package.json is imported by the code that
// ships (the app, the worker, the server, the CLI), or is a peer another
// one asks for (zod for the AI SDK); any other is dead weight in every
// install.
import {readdir, readFile} from 'node:fs/promises'
import path from 'node:path'
import {expect, it} from 'vitest'

const root = path.resolve(import.meta.dirname, '..')
const shipped = ['src', 'workers', 'shared', 'server', 'cli']

async function sources(folder: string): Promise<string[]> {
  const entries = await readdir(path.join(root, folder), {recursive: true, withFileTypes: true})
  return entries.filter((entry) => entry.isFile() && /\.(ts|tsx|css)$/.test(entry.name)).map((entry) => path.join(entry.parentPath, entry.name))
}

it('should import every runtime dependency somewhere in the code that ships', async () => {
  const manifest = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as {dependencies: Record<string, string>}
  const files = (await Promise.all(shipped.map(sources))).flat()
  const code = (await Promise.all(files.map((file) => readFile(file, 'utf8')))).join('\n')
  const names = Object.keys(manifest.dependencies)
  const peers = new Set<string>()
  for (const name of names) {
    const dependency = JSON.parse(await readFile(path.join(root, 'node_modules', name, 'package.json'), 'utf8')) as {peerDependencies?: Record<string, string>}
    for (const peer of Object.keys(dependency.peerDependencies ?? {})) peers.add(peer)
  }
  const imported = (name: string) => new RegExp(`['"\`]${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?:/[^'"\`]*)?['"\`]`).test(code)
  const unused = names.filter((name) => !imported(name) && !peers.has(name))
  expect(unused).toEqual([])
})
