import {markdownToHast, timeStages, warmUp} from './pipeline.ts'
import {closeSession, renderSession, usePool} from './session.ts'

/** Everything the worker exposes; the main thread sees it through Comlink. */
export const api = {markdownToHast, warmUp, renderSession, closeSession, usePool, timeStages}

/** Type of the worker's API, for `wrap<RenderApi>()` on the main thread. */
export type RenderApi = typeof api
