/**
 * KaTeX's most used fonts, loaded while the page is idle. Otherwise the
 * first formula shown starts their loads during a layout (the bench's open
 * of 10 KB showed `KaTeX_Main` and `KaTeX_Math` requested right after its
 * one long task), and the formulas are laid out again once they come. They
 * are bundled: the requests stay on this origin.
 */
const fonts = ['1em KaTeX_Main', 'italic 1em KaTeX_Main', 'bold 1em KaTeX_Main', 'italic 1em KaTeX_Math', '1em KaTeX_Size1', '1em KaTeX_Size2']

/** Load KaTeX's common fonts when the browser is next idle. */
export function preloadKatexFonts(): void {
  requestIdleCallback(() => {
    for (const font of fonts) document.fonts.load(font).catch(() => {})
  })
}
