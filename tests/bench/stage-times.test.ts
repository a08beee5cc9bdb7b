import {expect, it} from 'vitest'
import {markdownToHast, timeStages} from '../../workers/pipeline.ts'

it('should time the pipeline stages only while asked', async () => {
  expect(timeStages(true)).toBeUndefined()
  await markdownToHast('# Hi\n\n$x^2$\n\n```js\nlet x = 1\n```\n')
  const times = timeStages(false)!
  expect(Object.keys(times).sort()).toEqual(['katex', 'other', 'parse', 'sanitize', 'shiki', 'toHast'])
  for (const ms of Object.values(times)) expect(ms).toBeGreaterThanOrEqual(0)
  expect(times.parse).toBeGreaterThan(0)
  await markdownToHast('# Again')
  expect(timeStages(false)).toBeUndefined()
})
