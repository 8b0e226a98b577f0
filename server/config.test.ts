import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, documentsS3Config, loadConfig, parseEnv } from "./config";

const tmp = () => mkdtempSync(path.join(tmpdir(), "cotiza-config-"));

describe("configuración", () => {
  it("usa los valores por defecto", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.LOG_LEVEL).toBe("info");
  });

  it("trata una variable vacía como no definida", () => {
    expect(parseEnv({ DATABASE_URL: "", PORT: "" }).PORT).toBe(3000);
  });

  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ API_BASE_URL: "not a url" }, "API_BASE_URL"],
    [{ ADMIN_EMAIL: "nadie" }, "ADMIN_EMAIL"],
    [{ LOG_LEVEL: "verbose" }, "LOG_LEVEL"],
    [{ NODE_ENV: "production" }, "SESSION_SECRET"],
  ])("rechaza %o con un mensaje de una línea que nombra la variable", (env, name) => {
    expect(() => parseEnv(env)).toThrow(ConfigError);
    try {
      parseEnv(env);
    } catch (error) {
      expect((error as Error).message).toContain(name);
      expect((error as Error).message).not.toContain("\n");
    }
  });

  describe("almacén S3 de documentos (ADR 037)", () => {
    const S3 = {
      DOCUMENTS_S3_ENDPOINT: "http://127.0.0.1:9000",
      DOCUMENTS_S3_BUCKET: "cotiza-documentos",
      DOCUMENTS_S3_REGION: "eu-south-2",
      DOCUMENTS_S3_ACCESS_KEY_ID: "cotiza",
      DOCUMENTS_S3_SECRET_ACCESS_KEY: "secreto-de-prueba",
    };
    it("sin ninguna variable, los documentos van a DATA_DIR", () => {
      expect(documentsS3Config(parseEnv({}))).toBeNull();
    });
    it("con las cinco, el bucket", () => {
      expect(documentsS3Config(parseEnv(S3))).toEqual({
        endpoint: "http://127.0.0.1:9000",
        bucket: "cotiza-documentos",
        region: "eu-south-2",
        accessKeyId: "cotiza",
        secretAccessKey: "secreto-de-prueba",
      });
    });
    it("con unas sí y otras no, dice cuáles faltan", () => {
      const { DOCUMENTS_S3_SECRET_ACCESS_KEY: _missing, ...partial } = S3;
      expect(() => parseEnv(partial)).toThrow(/DOCUMENTS_S3_SECRET_ACCESS_KEY: falta: el almacén S3 de documentos necesita las cinco variables/);
    });
    it("rechaza un endpoint que no es http(s) y un bucket mal escrito", () => {
      expect(() => parseEnv({ ...S3, DOCUMENTS_S3_ENDPOINT: "ftp://x" })).toThrow(/DOCUMENTS_S3_ENDPOINT: debe ser una URL http\(s\)/);
      expect(() => parseEnv({ ...S3, DOCUMENTS_S3_BUCKET: "Mi Bucket" })).toThrow(/DOCUMENTS_S3_BUCKET: debe ser un nombre de bucket válido/);
    });
  });

  it("genera los secretos una vez y los guarda en DATA_DIR", () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.generatedSecrets).toEqual(["SESSION_SECRET", "JWT_SECRET"]);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.sessionSecrets).toEqual(first.sessionSecrets);
    expect(JSON.parse(readFileSync(path.join(dir, "secrets.json"), "utf8")).JWT_SECRET).toBe(first.jwtSecret);
  });

  it("acepta varios secretos de sesión separados por comas para rotarlos", () => {
    const secret = "a".repeat(32);
    const config = loadConfig({ DATA_DIR: tmp(), SESSION_SECRET: `${secret},${"b".repeat(32)}`, JWT_SECRET: "c".repeat(32) });
    expect(config.sessionSecrets).toHaveLength(2);
    expect(config.generatedSecrets).toEqual([]);
  });
});
