import {renderBlock} from './incremental/render-block.ts'

/** What a pool worker does: render one block (see `renderBlock`). */
export const blockApi = {renderBlock}

/** Type of a pool worker's API. */
export type BlockApi = typeof blockApi
