import { useParams } from "@remix-run/react";
import type { MetaFunction } from "@remix-run/node";

// The bare page of a given size (issue 30): /relleno/14000 is a trivial page whose document is
// about 14,000 bytes, so that each of Cotiza's pages is compared with a bare Remix page of its own
// size. No loader, as in the bare index: the padding is plain paragraphs, built once per size.

export const meta: MetaFunction = () => [{ title: "Remix" }];

const SENTENCE = "Párrafo de relleno: una página trivial, sin datos ni estilos, del tamaño de la página comparada.";
/** The document around an empty padding (head, scripts, the manifest), measured by the bench. */
const PADDING_BY_SIZE = new Map<number, string[]>();

function padding(bytes: number): string[] {
  let paragraphs = PADDING_BY_SIZE.get(bytes);
  if (!paragraphs) {
    // "<p>" + sentence + "</p>": the sentence's UTF-8 bytes and 7 of markup.
    const each = new TextEncoder().encode(SENTENCE).length + 7;
    paragraphs = Array.from({ length: Math.max(0, Math.round(bytes / each)) }, () => SENTENCE);
    PADDING_BY_SIZE.set(bytes, paragraphs);
  }
  return paragraphs;
}

export default function Padded() {
  const bytes = Math.min(Number(useParams().bytes) || 0, 1_000_000);
  return (
    <main>
      <h1>Remix</h1>
      {padding(bytes).map((text, i) => (
        <p key={i}>{text}</p>
      ))}
    </main>
  );
}
