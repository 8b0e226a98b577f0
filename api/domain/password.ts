// Password hashing with scrypt (memory-hard, in node:crypto, no native add-on to build).
// Stored format: scrypt$N$r$p$saltB64$hashB64, so the cost can be raised later and old hashes
// still verify with the parameters they were made with.
import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

const N = 16384;
const R = 8;
const P = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 64;

// Upper bounds for parameters read from a stored hash, so a tampered row cannot make a login
// burn seconds of CPU or gigabytes of memory.
const MAX_N = 1 << 20;
const MAX_R = 32;
const MAX_P = 16;

function derive(plain: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem must cover 128 * N * r bytes (plus headroom) or node refuses bigger parameters.
    const maxmem = 256 * (options.N ?? N) * (options.r ?? R) + 1024 * 1024;
    scrypt(plain.normalize("NFC"), salt, keyLength, { ...options, maxmem }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(plain: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(plain, salt, KEY_BYTES, { N, r: R, p: P });
  return ["scrypt", N, R, P, salt.toString("base64"), key.toString("base64")].join("$");
}

function parsePositiveInt(value: string | undefined, max: number): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}

/** False for a wrong password and for anything that is not a hash this module made. */
export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  const parts = typeof stored === "string" ? stored.split("$") : [];
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const n = parsePositiveInt(parts[1], MAX_N);
  const r = parsePositiveInt(parts[2], MAX_R);
  const p = parsePositiveInt(parts[3], MAX_P);
  if (n === null || r === null || p === null || (n & (n - 1)) !== 0 || n < 2) return false;
  const salt = Buffer.from(parts[4] ?? "", "base64");
  const expected = Buffer.from(parts[5] ?? "", "base64");
  if (salt.length === 0 || expected.length < 16 || expected.length > 256) return false;
  const actual = await derive(plain, salt, expected.length, { N: n, r, p });
  return timingSafeEqual(actual, expected);
}

// No look-alikes (0/O/o, 1/l/I) so a generated password can be read aloud or copied by hand.
const LOWER = "abcdefghijkmnpqrstuvwxyz";
const UPPER = "ABCDEFGHJKLMNPQRSTUVWXYZ";
const DIGITS = "23456789";
const ALPHABET = LOWER + UPPER + DIGITS;
const GENERATED_LENGTH = 20;

/** A random 20-character password with at least one lower-case letter, upper-case letter and digit. */
export function generatePassword(): string {
  for (;;) {
    let out = "";
    for (let i = 0; i < GENERATED_LENGTH; i++) out += ALPHABET[randomInt(ALPHABET.length)];
    if (/[a-z]/.test(out) && /[A-Z]/.test(out) && /[2-9]/.test(out)) return out;
  }
}
