// What a new password must satisfy, with the messages a person reads (Spanish, "usted" as the
// public site; the back office shows the same words). Pure: no I/O, shared with the web through
// api/contract/auth.ts.

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_MESSAGES = {
  tooShort: `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres`,
  tooLong: `La contraseña no puede tener más de ${PASSWORD_MAX_LENGTH} caracteres`,
  common: "Esa contraseña es demasiado común; elija otra",
  sameAsEmail: "La contraseña no puede ser igual a su correo electrónico",
  sameAsName: "La contraseña no puede ser igual a su nombre",
} as const;

// Passwords that appear at the top of public leak lists (global and Spanish-speaking), plus the
// obvious ones for this site. Shorter entries stay listed: the length rule may change, this list
// should not have to. Compared case-insensitively.
// A word list, kept in rows as written.
// prettier-ignore
const COMMON_PASSWORDS_LIST = [
  // Digits and keyboard walks
  "123456", "1234567", "12345678", "123456789", "1234567890", "12345678910", "01234567890", "0123456789",
  "987654321", "9876543210", "0987654321", "1122334455", "1111111111", "0000000000", "2222222222",
  "5555555555", "7777777777", "9999999999", "1212121212", "1234512345", "1234554321", "1357924680",
  "147258369", "1472583690", "159753159753", "123123123", "123123123123", "123321123321", "123456123456",
  "111222333", "1112223334", "123456789a", "a123456789", "123456789q", "1234567890a", "123456789abc",
  "qwerty", "qwerty123", "qwerty1234", "qwerty12345", "qwertyuiop", "qwertyuiop123", "qwertyuiop1",
  "asdfghjkl", "asdfghjklñ", "asdfghjkl1", "zxcvbnm", "zxcvbnm123", "zxcvbnmasd", "1q2w3e4r",
  "1q2w3e4r5t", "1q2w3e4r5t6y", "q1w2e3r4t5", "1qaz2wsx", "1qaz2wsx3edc", "qazwsxedc", "qazwsxedcrfv",
  "zaq12wsx", "zaq1zaq1zaq1", "poiuytrewq", "mnbvcxz123", "azerty123", "azertyuiop", "abc123",
  "abcd1234", "abcde12345", "abcdef123456", "abcdefghij", "abcdefg123", "aaaaaaaaaa", "a1b2c3d4e5",
  // English favourites
  "password", "password1", "password12", "password123", "password1234", "passw0rd", "p@ssw0rd",
  "p@ssword123", "password!", "passwordpassword", "mypassword", "mypassword1", "secretpassword",
  "iloveyou", "iloveyou1", "iloveyou123", "iloveyou2", "letmein", "letmein123", "letmein1234",
  "welcome", "welcome1", "welcome123", "welcome1234", "trustno1", "sunshine", "sunshine123",
  "princess", "princess123", "football", "football123", "baseball", "baseball123", "basketball",
  "superman", "superman123", "batman123", "starwars", "starwars123", "pokemon123", "dragon123",
  "monkey123", "shadow123", "master123", "mustang123", "michael123", "jordan2323", "charlie123",
  "computer", "computer123", "internet", "internet123", "whatever123", "freedom123", "changeme",
  "changeme123", "administrator", "administrator1", "admin", "admin123", "admin1234", "admin12345",
  "adminadmin", "administrador", "administrador1", "administrador123", "root12345", "rootroot",
  "test123456", "testtest", "testing123", "guest12345", "default123", "login12345", "user123456",
  "qwerty123456", "helloworld", "helloworld1", "football1", "loveyou123", "lovely123", "blink182",
  // Spanish favourites
  "contraseña", "contraseña1", "contraseña12", "contraseña123", "contrasena", "contrasena1",
  "contrasena123", "micontraseña", "micontrasena", "clave", "clave123", "clave12345", "miclave",
  "miclave123", "claveclave", "secreto", "secreto123", "tequiero", "tequiero1", "tequiero123",
  "tequieromucho", "teamo", "teamo123", "teamomucho", "teamo12345", "tequieromama", "amor123",
  "amormio", "amormio123", "miamor", "miamor123", "mivida", "mivida123", "corazon", "corazon123",
  "corazón", "princesa", "princesa123", "hola123", "hola12345", "holahola", "holahola123",
  "holamundo", "holamundo1", "bienvenido", "bienvenido1", "bienvenido123", "bienvenida",
  "bienvenida1", "barcelona", "barcelona1", "barcelona123", "barcelona10", "barça1899",
  "fcbarcelona", "visca barça", "viscabarca", "realmadrid", "realmadrid1", "realmadrid123",
  "halamadrid", "halamadrid1", "hala madrid", "madrid", "madrid123", "madrid1234", "madridista",
  "atletico", "atletico123", "atleticodemadrid", "sevilla123", "sevillafc", "betis123",
  "valencia123", "valenciacf", "españa", "españa123", "espana", "espana123", "espana2010",
  "españa2010", "sevilla", "valencia", "bilbao123", "malaga123", "zaragoza123", "andalucia",
  "catalunya", "futbol", "futbol123", "futbol1234", "messi10", "messi12345", "cristiano7",
  "cristiano123", "ronaldo7", "ronaldo123", "iniesta", "iniesta123", "alejandro", "alejandro1",
  "alejandro123", "daniel1234", "javier123", "carlos123", "antonio123", "manuel123", "francisco",
  "francisco1", "fernando123", "sergio123", "pablo12345", "david12345", "maria123", "maria12345",
  "mariajose", "mariacarmen", "laura12345", "lucia12345", "carmen123", "cristina123", "patricia1",
  "gabriela123", "valentina", "valentina1", "sebastian", "sebastian1", "mariposa", "mariposa123",
  "estrella", "estrella1", "estrella123", "tesoro", "tesoro123", "chocolate", "chocolate1",
  "chocolate123", "familia", "familia123", "perrito", "gatito123", "dinosaurio", "pelota123",
  "mexico123", "argentina", "argentina1", "colombia", "colombia1", "colombia123", "peru12345",
  "chile12345", "venezuela", "venezuela1", "america123", "jesucristo", "diosesamor", "diosteama",
  "dios123456", "aaaaaaaa1", "asdasd123", "asdasdasd", "qweqweqwe", "qweasdzxc", "qweasdzxc123",
  "usuario", "usuario123", "usuario1234", "nuevaclave", "nuevacontraseña", "nuevacontrasena",
  "cambiame", "cambiame123", "cambiar123", "entrar123", "acceso123", "seguridad", "seguridad123",
  // This site
  "cotiza", "cotiza123", "cotiza2024", "cotiza2025", "cotiza2026", "cotizaseguros", "seguros",
  "seguros123", "seguros2026", "aseguradora", "correduria", "poliza123", "póliza123",
] as const;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(COMMON_PASSWORDS_LIST.map((p) => p.normalize("NFC").toLowerCase()));

const normalise = (value: string) => value.normalize("NFC").trim().toLowerCase();

/** Spanish messages for every rule the password breaks; an empty list means it is acceptable. */
export function checkPasswordPolicy(password: string, context: { email?: string; name?: string } = {}): string[] {
  const messages: string[] = [];
  // Characters as a person counts them (code points), not UTF-16 units.
  const length = [...password.normalize("NFC")].length;
  if (length < PASSWORD_MIN_LENGTH) messages.push(PASSWORD_MESSAGES.tooShort);
  if (length > PASSWORD_MAX_LENGTH) messages.push(PASSWORD_MESSAGES.tooLong);
  const candidate = normalise(password);
  if (COMMON_PASSWORDS.has(candidate)) messages.push(PASSWORD_MESSAGES.common);
  if (context.email && candidate === normalise(context.email)) messages.push(PASSWORD_MESSAGES.sameAsEmail);
  if (context.name && candidate === normalise(context.name)) messages.push(PASSWORD_MESSAGES.sameAsName);
  return messages;
}
