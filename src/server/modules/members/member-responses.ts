import { array, number, object, string, type ObjectSchema } from 'yup';
import type { MemberRoleChangedResponse, MembersResponse, TeamMember } from '@shared/api/members';

/**
 * What the members routes send about a person: the serializer keeps only these fields, so a column added
 * to a members query (a password hash, a session) cannot reach the client.
 */

const teamMemberSchema: ObjectSchema<TeamMember> = object({
  id: string().defined(),
  userId: string().defined(),
  name: string().defined(),
  email: string().defined(),
  role: object({ id: string().defined(), name: string().defined() }),
  joinedAt: string().defined(),
});

export const membersResponseSchema: ObjectSchema<MembersResponse> = object({
  members: array(teamMemberSchema.defined()).defined(),
  total: number().defined(),
});

export const memberRoleChangedSchema: ObjectSchema<MemberRoleChangedResponse> = object({
  message: string().defined(),
  member: teamMemberSchema,
});
