// Reading a form post. A body that is not a form (JSON, text, none at all, cut short) is the
// client's mistake: a 400 or 415 with a Spanish page, never a 500 with a stack trace.

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export async function readFormData(request: Request): Promise<FormData> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) {
    throw new Response("Envía el formulario desde la página.", { status: 415, statusText: "Unsupported Media Type" });
  }
  try {
    return await request.formData();
  } catch {
    throw new Response("El formulario no se ha podido leer.", { status: 400, statusText: "Bad Request" });
  }
}
