import { describe, expect, it } from "vitest";
import { pain002, returnsCsv } from "../../../tests/support/return-files";
import { parseReturnCsv } from "./csv";
import { decodeReturnFile, parseReturnFile } from "./index";
import { parsePain002 } from "./pain002";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("CSV de devoluciones", () => {
  it("lee referencia, código, fecha e importe con punto y coma", () => {
    const file = returnsCsv(
      [
        { endToEndId: "COT-R1-1", code: "AM04", amount: "120,00" },
        { endToEndId: "COT-R1-2", code: "md06", amount: "1.234,56" },
      ],
      { withDate: true },
    );
    expect(parseReturnCsv(file)).toMatchObject({
      format: "csv",
      errors: [],
      lines: [
        { line: 2, endToEndId: "COT-R1-1", code: "AM04", amountCents: 12_000 },
        { line: 3, endToEndId: "COT-R1-2", code: "MD06", amountCents: 123_456 },
      ],
    });
  });

  it("admite comas, comillas, columnas en otro orden y cabeceras con acentos y mayúsculas", () => {
    const file = 'Código Devolución,"Referencia Adeudo",importe\nAC04,COT-R1-1,"120,50"\n"SL01","COT-R1-2",99.9\n';
    expect(parseReturnCsv(file).lines).toEqual([
      { line: 2, endToEndId: "COT-R1-1", code: "AC04", amountCents: 12_050 },
      { line: 3, endToEndId: "COT-R1-2", code: "SL01", amountCents: 9_990 },
    ]);
  });

  it("lee un fichero en Latin-1 (como lo exportan muchos bancos) y uno en UTF-8 con BOM", () => {
    const latin1 = Uint8Array.from([..."referencia_adeudo;c\u00f3digo_devoluci\u00f3n\nCOT-1;AM04\n"].map((c) => c.charCodeAt(0)));
    expect(decodeReturnFile(latin1)).toContain("código_devolución");
    expect(parseReturnFile(latin1)).toMatchObject({ errors: [], lines: [{ endToEndId: "COT-1", code: "AM04" }] });
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...bytes("referencia_adeudo;codigo_devolucion\nCOT-1;MS02\n")]);
    expect(parseReturnFile(bom)).toMatchObject({ errors: [], lines: [{ endToEndId: "COT-1", code: "MS02" }] });
  });

  it("informa de cada línea mal formada con su número y un mensaje en español", () => {
    const file = [
      "referencia_adeudo;codigo_devolucion;fecha;importe",
      "COT-1;AM04;10/02/2027;120,00",
      "COT-2;XX99;10/02/2027;120,00",
      ";AM04;10/02/2027;120,00",
      "COT-3;;10/02/2027;120,00",
      "COT-4;AM04;31/02/2027;120,00",
      "COT-5;AM04;10/02/2027;doce",
      "COT-6;AM04;10/02/2027",
      "COT-1;AC04;10/02/2027;120,00",
      '"COT-7;AM04;10/02/2027;120,00',
      "COT-8<script>;AM04;10/02/2027;1",
      "COT-9;AM04;10/02/2027;0,00",
    ].join("\n");
    const parsed = parseReturnCsv(file);
    expect(parsed.lines.map((l) => l.line)).toEqual([2]);
    expect(parsed.errors).toEqual([
      { line: 3, message: "Código de devolución desconocido: XX99" },
      { line: 4, message: "Falta la referencia del adeudo" },
      { line: 5, message: "Falta el código de devolución del adeudo COT-3" },
      { line: 6, message: "Fecha no válida: 31/02/2027 (use dd/mm/aaaa)" },
      { line: 7, message: "Importe no válido: doce" },
      { line: 8, message: "La línea tiene 3 columnas y la cabecera 4" },
      { line: 9, message: "El adeudo COT-1 ya aparece en la línea 2" },
      { line: 10, message: "Hay unas comillas sin cerrar" },
      { line: 11, message: "La referencia del adeudo contiene caracteres no admitidos: COT-8<script>" },
      { line: 12, message: "Importe no válido: 0,00" },
    ]);
  });

  it("rechaza una cabecera sin las columnas obligatorias, una columna desconocida y un fichero vacío", () => {
    expect(parseReturnCsv("referencia_adeudo;fecha\nCOT-1;10/02/2027\n").errors[0]).toEqual({
      line: 1,
      message: "Falta la columna codigo_devolucion en la cabecera (referencia_adeudo;codigo_devolucion[;fecha][;importe])",
    });
    expect(parseReturnCsv("referencia_adeudo;codigo_devolucion;iban\n").errors[0]!.message).toMatch(/^Columna desconocida en la cabecera: «iban»/);
    expect(parseReturnCsv("\n\n").errors).toEqual([{ line: 1, message: "El fichero está vacío" }]);
    expect(parseReturnCsv("referencia_adeudo;codigo_devolucion\n").errors).toEqual([
      { line: 1, message: "El fichero no contiene ninguna devolución" },
    ]);
  });

  it("un fichero binario no se lee como CSV", () => {
    expect(parseReturnFile(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0, 1, 2])).errors[0]!.message).toMatch(/no es de texto/);
  });
});

describe("pain.002.001.03", () => {
  const file = pain002({
    originalMsgId: "REM-2027-0001",
    creditorId: "ES11ZZZB12345674",
    returns: [
      { endToEndId: "COT-R1-1", code: "AM04", amount: "120.00" },
      { endToEndId: "COT-R1-2", code: "MD06" },
    ],
  });

  it("lee las operaciones rechazadas con su referencia, código e importe, la remesa original y el acreedor", () => {
    const parsed = parseReturnFile(bytes(file));
    expect(parsed).toMatchObject({ format: "pain.002", errors: [], originalMessageIds: ["REM-2027-0001"], creditorIds: ["ES11ZZZB12345674"] });
    expect(parsed.lines).toEqual([
      { line: expect.any(Number), endToEndId: "COT-R1-1", code: "AM04", amountCents: 12_000 },
      { line: expect.any(Number), endToEndId: "COT-R1-2", code: "MD06" },
    ]);
    // The line is where the transaction starts in the file.
    expect(file.split("\n")[parsed.lines[0]!.line - 1]).toContain("<TxInfAndSts>");
  });

  it("ignora las operaciones que no están rechazadas", () => {
    const accepted = file.replace("<TxSts>RJCT</TxSts>", "<TxSts>ACSC</TxSts>");
    expect(parsePain002(accepted).lines.map((l) => l.endToEndId)).toEqual(["COT-R1-2"]);
  });

  it("rechaza DOCTYPE y entidades antes de leer nada", () => {
    const xxe = file.replace("<Document", '<!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<Document');
    expect(parsePain002(xxe)).toMatchObject({
      lines: [],
      errors: [{ line: 2, message: "El XML contiene una declaración DOCTYPE o ENTITY, que no se admite" }],
    });
    expect(parsePain002(file.replace("AM04", "&x;")).errors[0]!.message).toBe("El XML usa una entidad no admitida: &x;");
  });

  it("informa de un XML mal formado con la línea del problema", () => {
    const broken = file.replace("</OrgnlEndToEndId>", "</OrgnlEndToEnd>");
    const { errors, lines } = parsePain002(broken);
    expect(lines).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toBe("La etiqueta de cierre </OrgnlEndToEnd> no corresponde a ninguna abierta");
    expect(broken.split("\n")[errors[0]!.line - 1]).toContain("</OrgnlEndToEnd>");
    expect(parsePain002(file.slice(0, file.length - 20)).errors[0]!.message).toMatch(/sin cerrar/);
    expect(parsePain002(file + "<Otro/>").errors[0]!.message).toBe("El XML tiene más de un elemento raíz");
    expect(parsePain002("<Document><CstmrCdtTrfInitn/></Document>").errors[0]!.message).toMatch(/no es un informe de estado de pagos pain.002/);
  });

  it("informa de cada operación sin referencia, con un código desconocido o repetida", () => {
    const bad = pain002({
      originalMsgId: "REM-1",
      returns: [
        { endToEndId: "COT-1", code: "AM04" },
        { endToEndId: "COT-2", code: "ZZ01" },
        { endToEndId: "COT-1", code: "AC04" },
        { endToEndId: "", code: "AC04" },
        { endToEndId: "COT-3", code: "AM04", amount: "12,3,4" },
      ],
    });
    expect(parsePain002(bad).errors.map((e) => e.message)).toEqual([
      "Código de devolución desconocido: ZZ01",
      expect.stringMatching(/^El adeudo COT-1 ya aparece en la línea \d+$/),
      "Falta la referencia del adeudo (OrgnlEndToEndId)",
      "Importe no válido: 12,3,4",
    ]);
  });

  it("un informe que responde a otra clase de mensaje no es de devoluciones", () => {
    expect(parsePain002(file.replace("pain.008.001.02", "pain.001.001.03")).errors[0]!.message).toMatch(/no a una remesa de adeudos/);
  });
});
