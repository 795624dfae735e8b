/**
 * Secret placeholders (SPEC §12): `{secrets.NAME}` is allowed only in the url, headers
 * and body of an `http_request` tool node, must be a well-formed name, and, when the
 * caller knows which secrets exist, must name one of them.
 */
import type { Graph, GraphNode } from "../graph/schema";
import { SECRET_PARAMS, SECRET_TOOL, secretRefsIn } from "../secrets/placeholders";
import type { ValidationContext } from "./context";
import type { Report } from "./issues";
import { nodeName } from "./names";

function allowedAt(node: GraphNode, path: (string | number)[]): boolean {
  return node.type === "tool" && node.config.tool === SECRET_TOOL && path[0] === "params" && SECRET_PARAMS.includes(String(path[1]));
}

/** Reports misplaced, malformed and unknown secret references of every node. */
export function checkSecrets(graph: Graph, ctx: ValidationContext, report: Report): void {
  graph.nodes.forEach((node, at) => {
    const name = nodeName(node, node.id);
    for (const ref of secretRefsIn(node.config)) {
      const where = { node_id: node.id, path: ["nodes", at, "config", ...ref.path] };
      if (!allowedAt(node, ref.path)) report("secret_outside_http", { node: name, field: ref.field }, where);
      else if (ref.name === null) report("invalid_secret_reference", { node: name, field: ref.field }, where);
      else if (ctx.secretNames && !ctx.secretNames.has(ref.name)) report("unknown_secret", { node: name, secret: ref.name }, where);
    }
  });
}
