/**
 * Display-only healing of a formula still arriving (see heal.ts), so that a
 * streamed formula typesets as it grows instead of flashing as a KaTeX error:
 * `\frac{a` shows as `\frac{a}{}`, `\begin{pmatrix} a &` as the matrix so
 * far, `\left( x` with `\right.`. What is cut or added is only at the end:
 * a command whose name may still be growing, a lone `^` or `_`, and the
 * closers of the groups, environments and `\left`s left open.
 */

/** Commands that take their arguments in braces, by how many; a missing one is added empty. */
const arity: Record<string, number> = {
  frac: 2,
  dfrac: 2,
  tfrac: 2,
  cfrac: 2,
  binom: 2,
  dbinom: 2,
  tbinom: 2,
  overset: 2,
  underset: 2,
  stackrel: 2,
  sqrt: 1,
  text: 1,
  textbf: 1,
  textit: 1,
  mathrm: 1,
  mathbf: 1,
  mathit: 1,
  mathcal: 1,
  mathbb: 1,
  mathsf: 1,
  mathtt: 1,
  operatorname: 1,
  boldsymbol: 1,
  hat: 1,
  widehat: 1,
  bar: 1,
  overline: 1,
  underline: 1,
  vec: 1,
  tilde: 1,
  widetilde: 1,
  dot: 1,
  ddot: 1,
  boxed: 1,
  overbrace: 1,
  underbrace: 1,
}

/** An open group: a brace (and the arguments its command still waits for after it), an environment, or a `\left`. */
type Open = {kind: '{'; owes: number} | {kind: 'env'; name: string} | {kind: 'left'}

/** `tex`, a formula cut off by the end of the text, with its end healed. */
export function healTex(tex: string): string {
  const {open, owes, end} = scanGroups(tex)
  return closeGroups(tex.slice(0, end), open, owes)
}

/**
 * The groups `tex` leaves open, the arguments its last command still waits
 * for, and where the healed text ends: before a command still arriving.
 */
function scanGroups(tex: string): {open: Open[]; owes: number; end: number} {
  const open: Open[] = []
  /** Arguments the last command at this level still waits for. */
  let owes = 0
  for (let index = 0; index < tex.length; ) {
    const char = tex[index]!
    if (char === '\\') {
      const next = readCommand(tex, index, open)
      if (next === undefined) return {open, owes, end: index}
      ;[index, owes] = next
      continue
    }
    if (char === '{') {
      // The group is one of the arguments owed, if any are.
      open.push({kind: '{', owes: Math.max(0, owes - 1)})
      owes = 0
    } else if (char === '}') {
      const group = open.at(-1)
      if (group?.kind === '{') {
        open.pop()
        owes = group.owes
      }
    } else if (char !== ' ' && char !== '\n' && char !== '\t') {
      // One character is an argument too (`\frac12`).
      owes = Math.max(0, owes - 1)
    }
    index++
  }
  return {open, owes, end: tex.length}
}

/**
 * The command at `index` (a `\`): where it ends and the arguments it takes,
 * with the environments and `\left`s it opens or closes applied to `open`;
 * `undefined` when it may still grow (a lone `\`, a name or an environment
 * still arriving).
 */
function readCommand(tex: string, index: number, open: Open[]): [next: number, owes: number] | undefined {
  const name = /^[A-Za-z]+/.exec(tex.slice(index + 1))?.[0]
  if (index + 1 === tex.length || (name && index + 1 + name.length === tex.length)) return undefined
  if (!name) return [index + 2, 0]
  let next = index + 1 + name.length
  if (name === 'begin' || name === 'end') {
    const environment = /^\{([A-Za-z*]+)\}/.exec(tex.slice(next))
    if (!environment) return undefined
    next += environment[0].length
    if (name === 'begin') open.push({kind: 'env', name: environment[1]!})
    else if (open.at(-1)?.kind === 'env') open.pop()
  } else if (name === 'left') {
    open.push({kind: 'left'})
  } else if (name === 'right' && open.at(-1)?.kind === 'left') {
    open.pop()
  }
  return [next, arity[name] ?? 0]
}

/** `tex` with a dangling `^`, `_`, `\left` or `\right` dropped, then the arguments owed and the open groups closed. */
function closeGroups(tex: string, open: Open[], owes: number): string {
  let healed = tex.replace(/[\^_]\s*$/, '')
  // A `\left` or `\right` whose delimiter is still arriving goes too: its pair is open again, or no more.
  const sized = /\\(left|right)\s*$/.exec(healed)
  if (sized) {
    healed = healed.slice(0, sized.index)
    if (sized[1] === 'right') open.push({kind: 'left'})
    else if (open.at(-1)?.kind === 'left') open.pop()
  }
  healed += '{}'.repeat(owes)
  for (let index = open.length - 1; index >= 0; index--) {
    const group = open[index]!
    healed += group.kind === '{' ? '}' + '{}'.repeat(group.owes) : group.kind === 'env' ? `\\end{${group.name}}` : '\\right.'
  }
  return healed
}
