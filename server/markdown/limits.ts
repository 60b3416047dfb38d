/** The bounds on hostile Markdown (see render.ts) and the sizes the renderers keep to. */
/** The longest Markdown rendered; the rest is cut (the fields allow 10,000). */
export const MAX_SOURCE_LENGTH = 10_000
/** Block quote and list markers opened on one line; further ones are text. */
export const MAX_CONTAINERS_PER_LINE = 16
/** Deeper Markdown nodes have their content rendered as plain text. */
export const MAX_TREE_DEPTH = 48
/** Deeper HTML elements (raw HTML can nest without Markdown's markers) become their text. */
export const MAX_HTML_DEPTH = 64
/** Cells of all tables together (rows × header columns); a bigger table is shown as its text. */
export const MAX_TABLE_CELLS = 10_000
/** Characters of URLs and titles that references may copy from definitions. */
export const MAX_REFERENCE_CHARS = 40_000
/** Footnote calls rendered; later ones stay text (each one is a link and a way back). */
export const MAX_FOOTNOTE_CALLS = 100
/** Emphasis and strikethrough delimiter runs; past this they are text (micromark is quadratic in them). */
export const MAX_DELIMITER_RUNS = 1_000
/** Setext underlines (`===`, `---` lines); past this they are text or rules. */
export const MAX_SETEXT_UNDERLINES = 500
/** Characters of sources and results kept, so unchanged text is rendered once. */
export const MEMO_CHARS = 2_000_000
/** Default length of `markdownToPlainText` (a link preview's description). */
export const PLAIN_TEXT_LENGTH = 160
