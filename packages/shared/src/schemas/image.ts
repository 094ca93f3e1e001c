import { Type } from '@sinclair/typebox';
import { Hex24, Nullable } from './common.js';

export const ImageCopySchema = Type.Object(
  {
    name: Type.String(),
    width: Type.Integer(),
    height: Type.Integer(),
    boxWidth: Type.Integer(),
    boxHeight: Type.Integer(),
    objectFit: Type.Union([Type.Literal('cover'), Type.Literal('contain')]),
    format: Type.String(),
    url: Type.String(),
  },
  { additionalProperties: false },
);

/** API.md §5.1. */
export const ImageSchema = Type.Object(
  {
    id: Hex24,
    format: Type.String(),
    mimetype: Type.String(),
    width: Type.Integer(),
    height: Type.Integer(),
    size: Type.Integer(),
    averageColor: Type.String(),
    url: Type.String(),
    copies: Type.Array(ImageCopySchema),
    altText: Nullable(Type.String()),
  },
  { additionalProperties: false },
);

export const BadgeSchema = Type.Object(
  {
    id: Type.Integer(),
    type: Type.Literal('supporter'),
  },
  { additionalProperties: false },
);
