// The sign-in form's schema, shared by the customers' and the staff's sign-in pages. It lives
// outside sign-in.server.ts because the page's form validates with it in the browser too.
import { z } from "zod";

/** The contract's sign-in body plus the page to go to afterwards (checked when redirecting). */
export const signInFormSchema = <T extends z.ZodRawShape, U extends z.UnknownKeysParam>(body: z.ZodObject<T, U>) =>
  body.extend({ redirectTo: z.string().optional() });
