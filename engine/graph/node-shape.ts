/**
 * What a node of any kind is made of: an id, its kind's name, a position and a config with
 * the fields every kind shares. Each kind's file (engine/nodes/) adds its own config fields
 * and builds its node's schema with {@link nodeShape}; `schema.ts` joins them into the graph.
 */
import { z } from "zod";

export const MAX_RETRIES = 10;

export const idSchema = z.string().min(1, "must not be empty").max(200, "at most 200 characters");

export const positionSchema = z.object({ x: z.number(), y: z.number() });

/** Fields every node config accepts. */
export const baseConfig = {
  label: z.string().max(200).optional(),
  retries: z.number().int().min(0).max(MAX_RETRIES).optional(),
  timeout_ms: z.number().int().positive().max(86_400_000).optional(),
  description: z.string().max(2000).optional(),
};

/** The state key agent and tool nodes may name for their result. */
export const outputKeyField = z.string().min(1).max(200).optional();

/** A kind's node: the shared fields around the kind's own config. */
export const nodeShape = <T extends string, C extends z.ZodTypeAny>(type: T, config: C) =>
  z.object({ id: idSchema, type: z.literal(type), position: positionSchema.default({ x: 0, y: 0 }), config });

/** What code for any kind may assume of a node. */
export interface KindNode {
  id: string;
  type: string;
  config: { label?: string; retries?: number; timeout_ms?: number; description?: string };
}
