/**
 * Serve (dev) and emit (build) the generated benchmark samples as
 * `/samples/<file>`, next to the hand-written ones in `public/samples/`.
 */
import type {Plugin} from 'vite'
import {generateMarkdown, generatedSamples} from '../shared/gen-samples.ts'

/** The Vite plugin for the generated samples. */
export function samplesPlugin(): Plugin {
  const cache = new Map<string, string>()
  const text = (file: string): string | undefined => {
    const sample = generatedSamples.find((item) => item.file === file)
    if (!sample) return undefined
    let value = cache.get(file)
    if (value === undefined) cache.set(file, (value = generateMarkdown(sample.bytes, sample.seed)))
    return value
  }
  return {
    name: 'offthread:samples',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const match = /^\/samples\/([\w.-]+\.md)(?:\?|$)/.exec(request.url ?? '')
        const body = match?.[1] ? text(match[1]) : undefined
        if (body === undefined) return next()
        response.setHeader('content-type', 'text/markdown; charset=utf-8')
        response.end(body)
      })
    },
    generateBundle() {
      if (this.environment.name !== 'client') return
      for (const {file} of generatedSamples) {
        this.emitFile({type: 'asset', fileName: `samples/${file}`, source: text(file) ?? ''})
      }
    },
  }
}
