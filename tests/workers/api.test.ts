import {expect, it} from 'vitest'
import {api} from '../../workers/api.ts'

it('should expose the worker api', () => {
  expect(Object.keys(api).sort()).toEqual(['closeSession', 'markdownToHast', 'streamSession', 'warmUp'])
})
