// What a person reads in each part of an e-mail, as a list of words, so that tests can check that
// the HTML part says exactly what the text part says (api/services/email-layout.ts).

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };

/** The words a mail client shows of an HTML part: the body only (no head), tags dropped (inline ones join their text), entities decoded. */
export function htmlWords(html: string): string[] {
  const body = html.replace(/<head>[\s\S]*?<\/head>/i, " ");
  const text = body
    .replace(/<\/?(?:a|strong|em|b|i|span)(?:\s[^>]*)?>/gi, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&(#?\w+);/g, (whole, name: string) => ENTITIES[name] ?? whole);
  return text.split(/\s+/).filter(Boolean);
}

/** The words of a plain text part; a list item's "- " is the text's bullet, not a word. */
export function textWords(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.replace(/^- /, ""))
    .join(" ")
    .split(/\s+/)
    .filter(Boolean);
}
