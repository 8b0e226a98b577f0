// The permission vocabulary, shared with the web (app/ may import only api/contract).
export { PERMISSIONS, PERMISSION_NAMES, hasPermission, isPermissionName, type PermissionName } from "../domain/permissions";
