import type { PermissionName } from "./domain/permissions";

/** Who is calling, as established by a verified, unrevoked token of an active account. */
export type AdminPrincipal = {
  kind: "admin";
  id: number;
  username: string;
  email: string;
  mustChangePassword: boolean;
  roleId: number;
  roleName: string;
  permissions: Partial<Record<PermissionName, boolean>> & Record<string, boolean>;
  jti: string;
  /** Token expiry, seconds since the epoch. */
  exp: number;
};

export type UserPrincipal = {
  kind: "user";
  id: number;
  name: string;
  email: string;
  role: string;
  jti: string;
  exp: number;
};
