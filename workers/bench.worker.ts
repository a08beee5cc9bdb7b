import {expose} from 'comlink'
import {benchApi} from './bench-api.ts'
import {startDefaultPool} from './pool-size.ts'

startDefaultPool()
expose(benchApi)
