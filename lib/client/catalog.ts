/**
 * The model and tool catalogues for the inspector's pickers. Both endpoints may be
 * missing on an older server: a 404 falls back to what every install has built in.
 */
import { ApiError, apiFetch } from "./http";
import type { ModelInfo, ToolInfo } from "./types";

/** Offered when the server has no model catalogue: the offline fake model. */
export const FALLBACK_MODELS: ModelInfo[] = [{ id: "mock", provider: "mock", input_usd_per_mtok: 0, output_usd_per_mtok: 0 }];

/** The built-in tools (SPEC §12), with no field list: their params are edited as raw JSON. */
export const FALLBACK_TOOLS: ToolInfo[] = [
  { name: "set", description: "Set fields in state", params: [] },
  { name: "delay", description: "Wait for a number of milliseconds", params: [] },
  { name: "json_parse", description: "Parse a JSON string", params: [] },
  { name: "http_request", description: "Call an HTTP endpoint", params: [] },
];

let models: Promise<ModelInfo[]> | null = null;
let tools: Promise<ToolInfo[]> | null = null;

async function orFallback<T>(path: string, fallback: T[]): Promise<T[]> {
  try {
    const page = await apiFetch<{ items: T[] }>(path);
    return Array.isArray(page?.items) && page.items.length ? page.items : fallback;
  } catch (err) {
    if (err instanceof ApiError) return fallback;
    throw err;
  }
}

/** Known models, fetched once per page load. */
export function loadModels(): Promise<ModelInfo[]> {
  models ??= orFallback("/api/models", FALLBACK_MODELS).catch(() => FALLBACK_MODELS);
  return models;
}

/** Registered tools, fetched once per page load. */
export function loadTools(): Promise<ToolInfo[]> {
  tools ??= orFallback("/api/tools", FALLBACK_TOOLS).catch(() => FALLBACK_TOOLS);
  return tools;
}
