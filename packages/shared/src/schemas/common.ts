import { Type, type TSchema } from '@sinclair/typebox';

/** A key that is present with the value null when absent (API.md §2.2). */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** RFC 3339 timestamp in UTC. */
export const Time = Type.String();

/** 24 lowercase hexadecimal characters (API.md §2.3). */
export const Hex24 = Type.String();

/** "normal", "admins", "mods", or the string "null" (API.md §2.2: never JSON null). */
export const UserGroup = Type.Union([
  Type.Literal('normal'),
  Type.Literal('admins'),
  Type.Literal('mods'),
  Type.Literal('null'),
]);

export const SuccessSchema = Type.Object({ success: Type.Literal(true) }, { additionalProperties: false });
