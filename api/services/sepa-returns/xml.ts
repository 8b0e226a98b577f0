// A tiny, strict reader of the XML a bank sends (pain.002): elements, their text, the line each one
// starts on. No DTD, no entities beyond the five predefined ones and character references, no
// external anything: a DOCTYPE or ENTITY declaration is refused before anything is read, so the
// usual XML attacks (billion laughs, external entities) have nothing to work with. Attributes are
// skipped (pain.002 carries data in elements; Ccy is the only attribute and we compare cents).

export type XmlElement = { name: string; line: number; text: string; children: XmlElement[] };

export class XmlError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

const NAME = /^[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?$/;
const PREDEFINED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function decodeText(raw: string, line: number): string {
  return raw.replace(/&([^;\s]{1,10});|&/g, (whole, ref: string | undefined) => {
    if (ref === undefined) throw new XmlError(line, "El XML tiene un «&» suelto");
    if (ref in PREDEFINED) return PREDEFINED[ref]!;
    const code = /^#x([0-9a-fA-F]{1,6})$/.exec(ref)?.[1] ?? /^#([0-9]{1,7})$/.exec(ref)?.[1];
    if (code === undefined) throw new XmlError(line, `El XML usa una entidad no admitida: ${whole}`);
    const value = ref.startsWith("#x") ? parseInt(code, 16) : parseInt(code, 10);
    if (value < 0x20 && value !== 0x9 && value !== 0xa && value !== 0xd) throw new XmlError(line, "El XML contiene un carácter de control");
    if (value > 0x10ffff) throw new XmlError(line, "El XML contiene un carácter no válido");
    return String.fromCodePoint(value);
  });
}

/** The document's root element; throws XmlError with the line of the first problem. */
export function parseXml(source: string): XmlElement {
  if (/<!DOCTYPE|<!ENTITY/i.test(source)) {
    const at = source.search(/<!DOCTYPE|<!ENTITY/i);
    throw new XmlError(lineAt(source, at), "El XML contiene una declaración DOCTYPE o ENTITY, que no se admite");
  }
  let pos = 0;
  let line = 1;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  const advance = (to: number) => {
    for (let i = pos; i < to; i++) if (source.charCodeAt(i) === 10) line++;
    pos = to;
  };
  while (pos < source.length) {
    const lt = source.indexOf("<", pos);
    const textEnd = lt === -1 ? source.length : lt;
    if (textEnd > pos) {
      const raw = source.slice(pos, textEnd);
      const top = stack[stack.length - 1];
      if (top) top.text += decodeText(raw, line);
      else if (raw.trim()) throw new XmlError(line, "Hay texto fuera del elemento raíz del XML");
      advance(textEnd);
      if (lt === -1) break;
    }
    const rest = (prefix: string) => source.startsWith(prefix, pos);
    const closeAt = (end: string, what: string) => {
      const at = source.indexOf(end, pos);
      if (at === -1) throw new XmlError(line, `El XML tiene ${what} sin cerrar`);
      return at + end.length;
    };
    if (rest("<?")) {
      advance(closeAt("?>", "una instrucción de proceso"));
    } else if (rest("<!--")) {
      advance(closeAt("-->", "un comentario"));
    } else if (rest("<![CDATA[")) {
      const end = closeAt("]]>", "una sección CDATA");
      const top = stack[stack.length - 1];
      if (!top) throw new XmlError(line, "Hay texto fuera del elemento raíz del XML");
      top.text += source.slice(pos + 9, end - 3);
      advance(end);
    } else if (rest("<!")) {
      throw new XmlError(line, "El XML contiene una declaración que no se admite");
    } else {
      const end = closeAt(">", "una etiqueta");
      const inner = source.slice(pos + 1, end - 1);
      const tagLine = line;
      if (inner.startsWith("/")) {
        const name = inner.slice(1).trim();
        const open = stack.pop();
        if (!open || open.name !== localName(name)) throw new XmlError(tagLine, `La etiqueta de cierre </${name}> no corresponde a ninguna abierta`);
      } else {
        const selfClosing = inner.endsWith("/");
        const body = selfClosing ? inner.slice(0, -1) : inner;
        const name = /^[^\s/>]+/.exec(body)?.[0] ?? "";
        if (!NAME.test(name)) throw new XmlError(tagLine, `Etiqueta XML no válida: <${inner.slice(0, 40)}>`);
        checkAttributes(body.slice(name.length), tagLine);
        const element: XmlElement = { name: localName(name), line: tagLine, text: "", children: [] };
        const parent = stack[stack.length - 1];
        if (parent) parent.children.push(element);
        else if (root) throw new XmlError(tagLine, "El XML tiene más de un elemento raíz");
        else root = element;
        if (!selfClosing) stack.push(element);
      }
      advance(end);
    }
  }
  if (stack.length) throw new XmlError(line, `El XML termina sin cerrar <${stack[stack.length - 1]!.name}>`);
  if (!root) throw new XmlError(1, "El fichero no contiene ningún elemento XML");
  return root;
}

/** Attributes must be well formed (name="value"), though their values are not used. */
function checkAttributes(rest: string, line: number) {
  if (!/^(\s+[A-Za-z_][\w.:-]*\s*=\s*("[^"<]*"|'[^'<]*'))*\s*$/.test(rest)) throw new XmlError(line, "El XML tiene atributos mal formados");
}

const localName = (name: string) => name.slice(name.indexOf(":") + 1);

function lineAt(source: string, index: number): number {
  let n = 1;
  for (let i = 0; i < index; i++) if (source.charCodeAt(i) === 10) n++;
  return n;
}

/** The first child with that (local) name, following a path: child(el, "GrpHdr", "MsgId"). */
export function child(element: XmlElement | undefined, ...path: string[]): XmlElement | undefined {
  let at = element;
  for (const name of path) at = at?.children.find((c) => c.name === name);
  return at;
}

export function childrenNamed(element: XmlElement | undefined, name: string): XmlElement[] {
  return element ? element.children.filter((c) => c.name === name) : [];
}

/** Every descendant with that name, in document order. */
export function descendants(element: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  for (const c of element.children) {
    if (c.name === name) found.push(c);
    found.push(...descendants(c, name));
  }
  return found;
}

export const textOf = (element: XmlElement | undefined) => element?.text.trim() ?? "";
