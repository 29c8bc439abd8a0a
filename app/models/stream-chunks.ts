// React 18's streaming renderer (renderToPipeableStream) encodes HTML into a 2048-byte buffer;
// when a multi-byte character (★, “, —) would straddle its end, it stops short of the end but
// still writes the whole buffer, so the 1 to 3 unwritten bytes go out as NUL characters
// (facebook/react#24985, fixed by #26228 in React 19 only). The W3C checker refuses a NUL
// ("Saw U+0000 in stream"); docs/rules.md "Valid HTML and no sideways scroll".

/** The longest run of unwritten bytes: a UTF-8 character is at most 4 bytes. */
const MAX_UNWRITTEN = 3;

/** A chunk of rendered HTML without the NUL bytes React 18 leaves at its end (HTML text never ends in NUL). */
export function withoutTrailingNuls(chunk: Uint8Array): Uint8Array {
  let end = chunk.length;
  while (end > 0 && chunk.length - end < MAX_UNWRITTEN && chunk[end - 1] === 0) end--;
  return end === chunk.length ? chunk : chunk.subarray(0, end);
}
