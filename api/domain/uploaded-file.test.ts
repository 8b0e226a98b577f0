import { describe, expect, it } from "vitest";
import { checkUploadedFile, detectFileType, sanitiseFileName, UPLOAD_MAX_BYTES, UPLOAD_MESSAGES } from "./uploaded-file";

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const PDF = new TextEncoder().encode("%PDF-1.7\n%âãÏÓ\n");

describe("checkUploadedFile", () => {
  it("decide el tipo por el contenido: un PNG llamado .pdf es un PNG y se guarda como .png", () => {
    const check = checkUploadedFile({ name: "contrato firmado.pdf", content: PNG });
    expect(check).toEqual({ ok: true, type: expect.objectContaining({ contentType: "image/png" }), filename: "contrato-firmado.png" });
  });

  it("acepta un PDF y un JPEG por sus primeros bytes", () => {
    expect(checkUploadedFile({ name: "a.pdf", content: PDF })).toMatchObject({ ok: true, type: { contentType: "application/pdf" } });
    expect(checkUploadedFile({ name: "foto", content: JPEG })).toMatchObject({ ok: true, type: { contentType: "image/jpeg" }, filename: "foto.jpg" });
  });

  it("rechaza un fichero de texto llamado .pdf con el mensaje del tipo", () => {
    const check = checkUploadedFile({ name: "firmado.pdf", content: new TextEncoder().encode("esto no es un PDF") });
    expect(check).toEqual({ ok: false, message: UPLOAD_MESSAGES.wrongType });
    expect(UPLOAD_MESSAGES.wrongType).toMatch(/^El fichero no es un PDF, JPEG o PNG \(su contenido no corresponde/);
  });

  it("rechaza un fichero vacío", () => {
    expect(checkUploadedFile({ name: "vacio.pdf", content: new Uint8Array() })).toEqual({ ok: false, message: "El fichero está vacío." });
  });

  it("rechaza un fichero mayor que el límite y dice el límite", () => {
    const big = new Uint8Array(UPLOAD_MAX_BYTES + 1);
    big.set(PDF);
    expect(checkUploadedFile({ name: "grande.pdf", content: big })).toEqual({ ok: false, message: UPLOAD_MESSAGES.tooLarge });
    expect(UPLOAD_MESSAGES.tooLarge).toContain("10 MB");
    const exact = new Uint8Array(UPLOAD_MAX_BYTES);
    exact.set(PDF);
    expect(checkUploadedFile({ name: "justo.pdf", content: exact }).ok).toBe(true);
  });

  it("un prefijo a medias no es un tipo", () => {
    expect(detectFileType(Uint8Array.from([0x89, 0x50, 0x4e]))).toBeNull();
    expect(detectFileType(new TextEncoder().encode("%PDF"))).toBeNull();
  });
});

describe("sanitiseFileName", () => {
  const pdf = { contentType: "application/pdf", extension: "pdf", label: "PDF" } as const;
  it("quita la ruta, los acentos y lo que no sirve en una cabecera", () => {
    expect(sanitiseFileName('C:\\Users\\Ana\\Mis documentos\\Póliza nº 1 "firmada".PDF', pdf)).toBe("Poliza-n-1-firmada.pdf");
    expect(sanitiseFileName("../../etc/passwd", pdf)).toBe("passwd.pdf");
  });
  it("un nombre que se queda en nada es documento", () => {
    expect(sanitiseFileName("...", pdf)).toBe("documento.pdf");
    expect(sanitiseFileName("", pdf)).toBe("documento.pdf");
  });
  it("corta los nombres largos", () => {
    expect(sanitiseFileName(`${"a".repeat(300)}.pdf`, pdf)).toBe(`${"a".repeat(80)}.pdf`);
  });
});
