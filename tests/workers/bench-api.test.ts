import {expect, it} from 'vitest'
import {api} from '../../workers/api.ts'
import {benchApi} from '../../workers/bench-api.ts'

it('should expose the app api plus the benchmark switches', () => {
  expect(Object.keys(benchApi).sort()).toEqual([...Object.keys(api), 'grammarsWarmedUp', 'markdownToDisplay', 'timeStages', 'usePool'].sort())
})
