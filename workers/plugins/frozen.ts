/**
 * Cached render results (typeset math, highlighted code) go into every tree
 * that uses them without a copy: copying them was a good part of rendering a
 * block that streams in with the same formulas and code each time. They are
 * frozen instead, so that code changing one in place throws rather than
 * changing every render that shares it.
 */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value
  Object.freeze(value)
  // Walked in place: a streamed code block's lines, frozen already, are checked on every append.
  if (Array.isArray(value)) for (const child of value) deepFreeze(child)
  else for (const key in value) deepFreeze(value[key])
  return value
}
