/**
 * One model call through the AI SDK (SPEC §7): streamed by default, each text chunk
 * handed to `onDelta`; the reply is the final text only once the stream finished
 * properly. A stream that errors or ends without a finish reason fails the call, so no
 * partial reply is ever stored. The request is aborted by the node's signal (cancel,
 * timeout), and the SDK's own retries are off so every attempt is the engine's.
 */
import { generateText, streamText, type LanguageModel } from "ai";
import { NodeError } from "@/engine/errors";
import type { ModelReply, ModelRequest } from "@/engine/ports";
import { toProviderError } from "./provider-error";
import { toModelUsage } from "./usage";

function callSettings(model: LanguageModel, req: ModelRequest) {
  return {
    model,
    system: req.system_prompt,
    prompt: req.user_message,
    temperature: req.temperature,
    maxOutputTokens: req.max_tokens,
    abortSignal: req.signal,
    maxRetries: 0,
  };
}

/** The signal's own reason when the node was cancelled or timed out, else `err` classified. */
function failure(err: unknown, req: ModelRequest, name: string): NodeError {
  if (req.signal.aborted && req.signal.reason instanceof NodeError) return req.signal.reason;
  if (req.signal.aborted) return new NodeError("cancelled", `${name}: call aborted`, { retryable: false });
  return toProviderError(err, name);
}

/** A non-streaming call: one JSON reply. */
export async function generateReply(model: LanguageModel, req: ModelRequest, name: string): Promise<ModelReply> {
  try {
    const result = await generateText(callSettings(model, req));
    req.onDelta?.(result.text);
    return { text: result.text, usage: toModelUsage(result.totalUsage) };
  } catch (err) {
    throw failure(err, req, name);
  }
}

/** A streaming call; see the file comment for how failures mid-stream are handled. */
export async function streamReply(model: LanguageModel, req: ModelRequest, name: string): Promise<ModelReply> {
  // onError is set so the SDK does not print errors itself: they are returned as values.
  const result = streamText({ ...callSettings(model, req), onError: () => undefined });
  let text = "";
  let error: unknown;
  let finished: { ended: boolean; usage: ModelReply["usage"] } | undefined;
  try {
    for await (const part of result.fullStream) {
      if (part.type === "text-delta") {
        text += part.text;
        if (part.text) req.onDelta?.(part.text);
      } else if (part.type === "error") {
        error ??= part.error;
      } else if (part.type === "finish") {
        // "other" with no raw reason: the provider never said the reply was complete.
        finished = { ended: part.finishReason !== "other" || part.rawFinishReason !== undefined, usage: toModelUsage(part.totalUsage) };
      }
    }
  } catch (err) {
    error ??= err;
  }
  if (req.signal.aborted || error !== undefined) {
    const cut = error !== undefined && text.length > 0 && !(error instanceof NodeError);
    const classified = failure(error, req, name);
    if (!cut || req.signal.aborted) throw classified;
    throw new NodeError("model_error", `${name}: the response stream was cut after ${text.length} characters (${classified.message})`, { retryable: true });
  }
  if (!finished?.ended) {
    throw new NodeError("model_error", `${name}: the response stream was cut: it ended without a finish reason`, { retryable: true });
  }
  return { text, usage: finished.usage };
}
