/**
 * The model and tool catalogues for the inspector's pickers, read from the server (its
 * registries are the only list: nothing is copied here). Fetched once per page load; a
 * failed fetch gives an empty list and is tried again by the next picker that asks.
 */
import { apiFetch } from "./http";
import type { ModelInfo, ToolInfo } from "./types";

let models: Promise<ModelInfo[]> | null = null;
let tools: Promise<ToolInfo[]> | null = null;

function fetchItems<T>(path: string, forget: () => void): Promise<T[]> {
  return apiFetch<{ items: T[] }>(path).then(
    (page) => page.items,
    () => {
      forget();
      return [];
    },
  );
}

/** Known models (the offline `mock` model among them). */
export function loadModels(): Promise<ModelInfo[]> {
  models ??= fetchItems<ModelInfo>("/api/models", () => (models = null));
  return models;
}

/** Registered tools. */
export function loadTools(): Promise<ToolInfo[]> {
  tools ??= fetchItems<ToolInfo>("/api/tools", () => (tools = null));
  return tools;
}
