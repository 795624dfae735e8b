/**
 * The model gateway the engine calls: routes `mock` to the offline fake and other
 * providers to adapters registered by the host application.
 */
import { NodeError } from "../errors";
import type { ModelGateway, ModelReply, ModelRequest } from "../ports";
import { mockReply } from "./mock-model";

/** A provider adapter, keyed by the prefix before the first colon (`openai`, `anthropic`, `local`). */
export type ProviderCall = (modelId: string, req: ModelRequest) => Promise<ModelReply>;

/** Splits `openai:gpt-4o` → ["openai", "gpt-4o"]; everything after the first colon is the id. */
export function splitModelName(model: string): [provider: string, id: string] {
  const i = model.indexOf(":");
  return i < 0 ? [model, ""] : [model.slice(0, i), model.slice(i + 1)];
}

/** A gateway serving `mock` plus whichever providers are given. */
export function createModelGateway(providers: Record<string, ProviderCall> = {}): ModelGateway {
  return {
    async call(req) {
      if (req.signal.aborted) throw new NodeError("cancelled", "model call aborted", { retryable: false });
      if (req.model === "mock") {
        const reply = mockReply(req);
        req.onDelta?.(reply.text);
        return reply;
      }
      const [provider, id] = splitModelName(req.model);
      const call = providers[provider];
      if (!call || !id) {
        throw new NodeError("model_error", `no provider configured for model '${req.model}'`, { retryable: false });
      }
      return call(id, req);
    },
  };
}
