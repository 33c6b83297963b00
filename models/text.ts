// Rules every typed text shares, on the forms and in the API.

/** A character a reader can see: not a space, a control, or an invisible format mark. */
const VISIBLE = /[^\p{White_Space}\p{Cc}\p{Cf}]/u;

/**
 * Whether a text shows anything. A name or an address of only invisible marks (a zero-width space,
 * a right-to-left override) is as empty as a blank one, though trimming leaves it.
 */
export const showsSomething = (text: string) => VISIBLE.test(text);
