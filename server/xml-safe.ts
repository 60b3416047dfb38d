/**
 * Text as XML 1.0 can carry it: without the C0 controls other than tab and
 * line breaks, DEL, lone surrogates, and the Unicode noncharacters (U+FDD0–
 * U+FDEF, U+FFFE, U+FFFF and the last two of every plane). Input refuses
 * them all (src/schemas/fields.ts); a row stored before that rule, or
 * written straight into the database, must still not turn a feed or an SVG
 * into something that is not XML.
 */
export function xmlSafe(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ud800-\udfff]/gu, '')
      .replace(/[\ufdd0-\ufdef]|\p{Noncharacter_Code_Point}/gu, '')
  )
}
