/** Queries for samples and documents by URL, cached by TanStack Query. */
import {queryOptions} from '@tanstack/react-query'
import {fetchText} from './fetch-text.ts'

/** One entry of `/samples/index.json`. */
export interface Sample {
  id: string
  name: string
  /** File name relative to `/samples/`. */
  file: string
  description?: string
}

/** The list of samples served by the app. */
export const samplesQuery = queryOptions({
  queryKey: ['samples'],
  queryFn: async ({signal}): Promise<Sample[]> => {
    const response = await fetch(new URL('samples/index.json', document.baseURI), {signal})
    if (!response.ok) throw new Error(`Could not load the samples: ${response.status} ${response.statusText}`)
    const body: unknown = await response.json()
    if (!Array.isArray(body)) throw new Error('Expected `/samples/index.json` to be an array')
    return body as Sample[]
  },
})

/** The text at `url` (absolute, or relative to the app). */
export function textQuery(url: string) {
  return queryOptions({
    queryKey: ['text', url],
    queryFn: async ({signal}): Promise<string> => {
      const result = await fetchText(url, signal)
      if ('error' in result) throw new Error(result.error)
      return result.text
    },
  })
}

/** Address of sample `sample`. */
export function sampleUrl(sample: Sample): string {
  return new URL(`samples/${sample.file}`, document.baseURI).href
}
