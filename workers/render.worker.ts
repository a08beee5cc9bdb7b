import {expose} from 'comlink'
import {api} from './api.ts'
import {startDefaultPool} from './pool-size.ts'

startDefaultPool()
expose(api)
