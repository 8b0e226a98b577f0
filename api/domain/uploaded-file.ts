// The one check of a file a person uploads (a signed document now, a claim's photos later): its type
// is decided by its first bytes, never by its name or the type the browser declared, so a text file
// renamed .pdf is refused and a PNG renamed .pdf is stored as the PNG it is. Pure.

/** The largest file taken: a scanned, signed document of a few pages fits with room to spare. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_MAX_TEXT = "10 MB";

export type UploadedFileType = { contentType: "application/pdf" | "image/jpeg" | "image/png"; extension: "pdf" | "jpg" | "png"; label: string };

export const UPLOAD_MESSAGES = {
  missing: "Elija el fichero que quiere subir.",
  empty: "El fichero está vacío.",
  tooLarge: `El fichero supera el tamaño máximo de ${UPLOAD_MAX_TEXT}.`,
  wrongType: "El fichero no es un PDF, JPEG o PNG (su contenido no corresponde a ninguno de esos formatos, aunque su nombre lo diga).",
} as const;

const SIGNATURES: Array<{ bytes: number[]; type: UploadedFileType }> = [
  // "%PDF-"
  { bytes: [0x25, 0x50, 0x44, 0x46, 0x2d], type: { contentType: "application/pdf", extension: "pdf", label: "PDF" } },
  { bytes: [0xff, 0xd8, 0xff], type: { contentType: "image/jpeg", extension: "jpg", label: "JPEG" } },
  { bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], type: { contentType: "image/png", extension: "png", label: "PNG" } },
];

/** The type the content's first bytes say, or null for anything else. */
export function detectFileType(content: Uint8Array): UploadedFileType | null {
  const match = SIGNATURES.find((s) => s.bytes.length <= content.length && s.bytes.every((b, i) => content[i] === b));
  return match ? match.type : null;
}

/**
 * A name safe for a download header and any file system: the last part of the path the browser
 * sent, letters without accents, digits and `._-`, at most 80 characters, with the extension of
 * the type found (a PNG named contrato.pdf is contrato.png).
 */
export function sanitiseFileName(name: string, type: UploadedFileType): string {
  const base = name.split(/[/\\]/).pop() ?? "";
  const stem = base
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\.[A-Za-z0-9]{1,5}$/, "")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^[.-]+|[.-]+$/g, "")
    .replace(/-{2,}/g, "-")
    .slice(0, 80)
    .replace(/[.-]+$/, "");
  return `${stem || "documento"}.${type.extension}`;
}

export type UploadCheck = { ok: true; type: UploadedFileType; filename: string } | { ok: false; message: string };

/** Empty, over the limit or not a PDF, JPEG or PNG: refused with the message to show; else its type and safe name. */
export function checkUploadedFile(file: { name: string; content: Uint8Array }, maxBytes = UPLOAD_MAX_BYTES): UploadCheck {
  if (file.content.length === 0) return { ok: false, message: UPLOAD_MESSAGES.empty };
  if (file.content.length > maxBytes) return { ok: false, message: UPLOAD_MESSAGES.tooLarge };
  const type = detectFileType(file.content);
  if (!type) return { ok: false, message: UPLOAD_MESSAGES.wrongType };
  return { ok: true, type, filename: sanitiseFileName(file.name, type) };
}
