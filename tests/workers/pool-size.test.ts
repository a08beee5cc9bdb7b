import {beforeEach, expect, it, vi} from 'vitest'
import {setPoolSize} from '../../workers/session/session.ts'
import {resizePool} from '../../workers/pool-size.ts'

vi.mock('../../workers/session/session.ts', () => ({setPoolSize: vi.fn()}))

beforeEach(() => {
  resizePool(0)
  vi.mocked(setPoolSize).mockClear()
})

it('should start a pool only when its size changes', () => {
  resizePool(2)
  resizePool(2)
  expect(vi.mocked(setPoolSize).mock.calls).toEqual([[2]])
  resizePool(0)
  expect(vi.mocked(setPoolSize).mock.calls).toEqual([[2], [0]])
})

it('should throw on a size that is not a whole number from 0', () => {
  expect(() => resizePool(-1)).toThrow('Expected `size` to be a whole number from 0, not `-1`')
  expect(() => resizePool(1.5)).toThrow('not `1.5`')
  expect(setPoolSize).not.toHaveBeenCalled()
})
