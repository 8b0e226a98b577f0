import { describe, expect, it } from "vitest";
import { documentAuthor, formatFileSize } from "./document-list-columns";

describe("la lista de documentos", () => {
  it("da el tamaño de un archivo en B, kB o MB con coma decimal", () => {
    expect(formatFileSize(512)).toBe("512 B");
    expect(formatFileSize(1536)).toBe("1,5 kB");
    expect(formatFileSize(3 * 1024 * 1024)).toBe("3 MB");
  });

  it("dice quién lo emitió: la persona, o el tipo de actor si no hay nombre", () => {
    expect(documentAuthor({ type: "admin", id: "3", label: "gestora@cotiza.es" })).toBe("gestora@cotiza.es");
    expect(documentAuthor({ type: "system", id: null, label: null })).toBe("Sistema");
  });
});
