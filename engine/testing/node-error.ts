import { expect } from "vitest";
import { NodeError } from "../errors";

/** The NodeError `promise` rejects with (the test fails if it resolves or rejects otherwise). */
export async function nodeErrorOf(promise: Promise<unknown>): Promise<NodeError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(NodeError);
  return err as NodeError;
}
