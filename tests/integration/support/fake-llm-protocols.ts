/**
 * Wire formats of the real provider APIs, for the fake LLM server: OpenAI Chat
 * Completions and Responses (JSON and SSE) and Anthropic Messages (JSON and SSE).
 */
import type { ServerResponse } from "node:http";

export interface FakeUsage {
  input: number;
  output: number;
  cached?: number;
  reasoning?: number;
}

export interface StreamOptions {
  /** Destroy the socket after this many text chunks, without finishing the stream. */
  cutAfter?: number;
  /** Milliseconds between chunks. */
  delayMs?: number;
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
};

/** An error answer shaped like both OpenAI's and Anthropic's error bodies. */
export function errorReply(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  json(res, status, { type: "error", error: { message, type: status === 429 ? "rate_limit_error" : "invalid_request_error", code: null } }, headers);
}

/** Writes SSE events (`[event, data]`, event null for data-only), chunk by chunk. */
async function sse(res: ServerResponse, events: [string | null, unknown][], textEvents: number[], opts: StreamOptions): Promise<void> {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  let texts = 0;
  for (let i = 0; i < events.length; i++) {
    if (opts.cutAfter !== undefined && textEvents.includes(i) && texts++ === opts.cutAfter) {
      // Let what was written reach the client first, then drop the connection mid-stream.
      await new Promise((r) => setTimeout(r, 50));
      res.socket?.destroy();
      return;
    }
    const [event, data] = events[i];
    res.write(`${event ? `event: ${event}\n` : ""}data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`);
    if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
    if (res.destroyed) return;
  }
  res.end();
}

const indexes = (events: unknown[], pick: (e: unknown, i: number) => boolean) => events.map((e, i) => (pick(e, i) ? i : -1)).filter((i) => i >= 0);

function chatUsage(u: FakeUsage) {
  return {
    prompt_tokens: u.input,
    completion_tokens: u.output,
    total_tokens: u.input + u.output,
    prompt_tokens_details: { cached_tokens: u.cached ?? 0 },
    completion_tokens_details: { reasoning_tokens: u.reasoning ?? 0 },
  };
}

/** OpenAI Chat Completions (`/chat/completions`), JSON or SSE by the request's `stream`. */
export function openaiChat(res: ServerResponse, stream: boolean, chunks: string[], usage: FakeUsage, opts: StreamOptions = {}): Promise<void> | void {
  const base = { id: "chatcmpl-1", created: 1_700_000_000, model: "gpt-4o-mini" };
  if (!stream) {
    return json(res, 200, { ...base, object: "chat.completion", choices: [{ index: 0, message: { role: "assistant", content: chunks.join("") }, finish_reason: "stop" }], usage: chatUsage(usage) });
  }
  const chunk = (delta: unknown, finish: string | null) => ({ ...base, object: "chat.completion.chunk", choices: [{ index: 0, delta, finish_reason: finish }] });
  const events: [string | null, unknown][] = [
    ...chunks.map((c, i): [null, unknown] => [null, chunk(i === 0 ? { role: "assistant", content: c } : { content: c }, null)]),
    [null, chunk({}, "stop")],
    // The final chunk `stream_options.include_usage` asks for: no choices, the usage.
    [null, { ...base, object: "chat.completion.chunk", choices: [], usage: chatUsage(usage) }],
    [null, "[DONE]"],
  ];
  return sse(res, events, indexes(events, (_e, i) => i < chunks.length), opts);
}

function responsesUsage(u: FakeUsage) {
  return {
    input_tokens: u.input,
    input_tokens_details: { cached_tokens: u.cached ?? 0 },
    output_tokens: u.output,
    output_tokens_details: { reasoning_tokens: u.reasoning ?? 0 },
    total_tokens: u.input + u.output,
  };
}

/** OpenAI Responses (`/responses`), JSON or SSE events ending in `response.completed`. */
export function openaiResponses(res: ServerResponse, stream: boolean, chunks: string[], usage: FakeUsage, opts: StreamOptions = {}): Promise<void> | void {
  const text = chunks.join("");
  const message = { type: "message", id: "msg_1", status: "completed", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] };
  const response = { id: "resp_1", object: "response", created_at: 1_700_000_000, status: "completed", model: "gpt-4o-mini", incomplete_details: null, service_tier: null };
  if (!stream) return json(res, 200, { ...response, output: [message], usage: responsesUsage(usage) });
  const events: [string | null, unknown][] = [
    ["response.created", { type: "response.created", sequence_number: 0, response: { ...response, status: "in_progress", output: [], usage: null } }],
    ["response.output_item.added", { type: "response.output_item.added", output_index: 0, item: { type: "message", id: "msg_1", status: "in_progress", role: "assistant", content: [] } }],
    ...chunks.map((delta): [string, unknown] => ["response.output_text.delta", { type: "response.output_text.delta", item_id: "msg_1", output_index: 0, content_index: 0, delta, logprobs: [] }]),
    ["response.output_item.done", { type: "response.output_item.done", output_index: 0, item: message }],
    ["response.completed", { type: "response.completed", response: { ...response, output: [message], usage: responsesUsage(usage) } }],
  ];
  return sse(res, events, indexes(events, (_e, i) => i >= 2 && i < 2 + chunks.length), opts);
}

/** Anthropic Messages (`/messages`), JSON or SSE (message_start … message_stop). */
export function anthropicMessages(res: ServerResponse, stream: boolean, chunks: string[], usage: FakeUsage, opts: StreamOptions = {}): Promise<void> | void {
  const base = { id: "msg_1", type: "message", role: "assistant", model: "claude-haiku-4-5", stop_sequence: null };
  const cached = usage.cached ?? 0;
  const inputUsage = { input_tokens: usage.input - cached, cache_read_input_tokens: cached, cache_creation_input_tokens: 0 };
  if (!stream) {
    return json(res, 200, { ...base, content: [{ type: "text", text: chunks.join("") }], stop_reason: "end_turn", usage: { ...inputUsage, output_tokens: usage.output } });
  }
  const events: [string | null, unknown][] = [
    ["message_start", { type: "message_start", message: { ...base, content: [], stop_reason: null, usage: { ...inputUsage, output_tokens: 1 } } }],
    ["content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }],
    ...chunks.map((text): [string, unknown] => ["content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text } }]),
    ["content_block_stop", { type: "content_block_stop", index: 0 }],
    ["message_delta", { type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: usage.output } }],
    ["message_stop", { type: "message_stop" }],
  ];
  return sse(res, events, indexes(events, (_e, i) => i >= 2 && i < 2 + chunks.length), opts);
}
