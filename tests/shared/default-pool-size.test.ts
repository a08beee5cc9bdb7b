import {expect, it} from 'vitest'
import {defaultPoolSize} from '../../shared/default-pool-size.ts'

it('should leave two cores to the main thread and the render worker, up to 4 block workers', () => {
  expect([1, 2, 3, 4, 6, 8, 32].map((cores) => defaultPoolSize(cores))).toEqual([0, 0, 1, 2, 4, 4, 4])
})

it('should start no pool when the core count is unknown', () => {
  expect(defaultPoolSize(0)).toBe(0)
  expect(defaultPoolSize(Number.NaN)).toBe(0)
})
