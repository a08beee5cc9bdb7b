import {markdownToHast, warmUp} from './pipeline.ts'
import {closeSession} from './session/session.ts'
import {streamSession} from './session/stream.ts'

/** Everything the worker exposes; the main thread sees it through Comlink. */
export const api = {markdownToHast, warmUp, streamSession, closeSession}

/** Type of the worker's API, for `wrap<RenderApi>()` on the main thread. */
export type RenderApi = typeof api
