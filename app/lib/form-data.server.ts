// Reading a form post. A body that is not a form (JSON, text, none at all, cut short) is the
// client's mistake: a 400 or 415 with a Spanish page and one warning line in the log, never a
// 500 with a stack trace. Every action reads its form here (a body over the size limit never
// gets this far: server/app.ts answers 413).
import type { AppLoadContext } from "@remix-run/node";
import "./load-context";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export const FORM_MESSAGES = {
  notAForm: "Envíe el formulario desde la página.",
  unreadable: "El formulario no se ha podido leer.",
} as const;

export async function readFormData(request: Request, context?: AppLoadContext): Promise<FormData> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  const refuse = (status: 400 | 415, statusText: string, message: string) => {
    context?.logger.warn("form body refused", { method: request.method, path: new URL(request.url).pathname, status, contentType: type || null });
    return new Response(message, { status, statusText });
  };
  if (!FORM_TYPES.includes(type)) throw refuse(415, "Unsupported Media Type", FORM_MESSAGES.notAForm);
  try {
    return await request.formData();
  } catch {
    throw refuse(400, "Bad Request", FORM_MESSAGES.unreadable);
  }
}
