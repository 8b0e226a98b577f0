// The admin-endpoints walk's cases for the documents of a policy or a client (ADR 037): each the
// request that succeeds with the endpoint's permission; the uploads are a small signed PDF as multipart.
import { json, superToken } from "./admin-api";

type Call = { path: string; body?: unknown; expect: number };

/** A multipart body: a title and a small PDF (a fresh one for every request). */
function signedPdf() {
  const form = new FormData();
  form.set("title", "Mandato firmado");
  form.set("file", new File(["%PDF-1.4\n%firmado\n"], "mandato.pdf", { type: "application/pdf" }));
  return form;
}

/** `livePolicy`: a policy in force with its due recibos paid (its certificate can be issued). */
export function documentEndpointCases(livePolicy: () => Promise<{ id: number }>) {
  return {
    "GET /admin/policies/{id}/documents": async (): Promise<Call> => ({ path: `/admin/policies/${(await livePolicy()).id}/documents`, expect: 200 }),
    "POST /admin/policies/{id}/documents": async (): Promise<Call> => ({
      path: `/admin/policies/${(await livePolicy()).id}/documents`,
      body: signedPdf(),
      expect: 201,
    }),
    "GET /admin/policies/{id}/documents/certificate": async (): Promise<Call> => ({
      path: `/admin/policies/${(await livePolicy()).id}/documents/certificate`,
      expect: 200,
    }),
    "GET /admin/clients/{id}/documents": async (fx: { clientId: number }): Promise<Call> => ({
      path: `/admin/clients/${fx.clientId}/documents`,
      expect: 200,
    }),
    "POST /admin/clients/{id}/documents": async (fx: { clientId: number }): Promise<Call> => ({
      path: `/admin/clients/${fx.clientId}/documents`,
      body: signedPdf(),
      expect: 201,
    }),
    "GET /admin/documents/{id}/download": async (fx: { clientId: number }): Promise<Call> => {
      const uploaded = await json<{ id: string }>("post", `/admin/clients/${fx.clientId}/documents`, {
        token: superToken,
        body: signedPdf(),
        status: 201,
      });
      return { path: `/admin/documents/${uploaded.id}/download`, expect: 200 };
    },
  };
}
