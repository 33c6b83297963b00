// Rules every typed text shares, on the forms and in the API.

/** A character a reader can see: not a space, a control, or an invisible format mark. */
const VISIBLE = /[^\p{White_Space}\p{Cc}\p{Cf}]/u;

/**
 * Whether a text shows anything. A name or an address of only invisible marks (a zero-width space,
 * a right-to-left override) is as empty as a blank one, though trimming leaves it.
 */
export const showsSomething = (text: string) => VISIBLE.test(text);

/**
 * At most `length` UTF-16 units of `text` (the unit a length limit counts), never splitting what
 * shows as one character: an emoji, a letter and its accents.
 */
export function cutBetweenCharacters(text: string, length: number): string {
  if (text.length <= length) return text;
  let end = 0;
  for (const { segment } of new Intl.Segmenter("en", { granularity: "grapheme" }).segment(text)) {
    if (end + segment.length > length) break;
    end += segment.length;
  }
  return text.slice(0, end);
}
