/** The Roles & Permissions API (/api/roles). */

/** A permission as the API shows it; its id is its name (`resource:action`). */
export interface PermissionDto {
  id: string;
  name: string;
  description: string;
}

export interface RoleDto {
  id: string;
  name: string;
  description: string | null;
  isSystemRole: boolean;
  /** Counted by the database. */
  memberCount: number;
  permissions: Array<{ id: string }>;
}

export interface RolesResponse {
  roles: RoleDto[];
}

export interface PermissionsResponse {
  /** By category, in catalogue order. */
  permissions: Record<string, PermissionDto[]>;
  allPermissions: PermissionDto[];
}

/** Create payload; the update payload is the same plus the role's id (the URL's id wins). */
export interface RoleRequest {
  id?: string;
  name: string;
  description: string;
  /** Permission ids. */
  permissions: string[];
}

export interface RoleMutationResponse {
  message: string;
  role: RoleDto;
}

export interface MessageResponse {
  message: string;
}
