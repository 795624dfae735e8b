/**
 * Model price table (SPEC §7): USD per million tokens, published list prices.
 * Add a model by adding a row; dated ids and aliases are separate rows.
 */

export type Provider = "openai" | "anthropic" | "local" | "mock";

export interface ModelPrice {
  /** Full model name as written in a node: `openai:gpt-4o-mini`, `mock`. */
  id: string;
  provider: Provider;
  input_usd_per_mtok: number;
  output_usd_per_mtok: number;
  /** Price of input tokens served from the provider's prompt cache, when published. */
  cached_input_usd_per_mtok?: number;
}

type Row = [model: string, input: number, output: number, cachedInput?: number];

const OPENAI: Row[] = [
  ["gpt-5", 1.25, 10, 0.125],
  ["gpt-5-2025-08-07", 1.25, 10, 0.125],
  ["gpt-5-mini", 0.25, 2, 0.025],
  ["gpt-5-mini-2025-08-07", 0.25, 2, 0.025],
  ["gpt-5-nano", 0.05, 0.4, 0.005],
  ["gpt-5-nano-2025-08-07", 0.05, 0.4, 0.005],
  ["gpt-4.1", 2, 8, 0.5],
  ["gpt-4.1-2025-04-14", 2, 8, 0.5],
  ["gpt-4.1-mini", 0.4, 1.6, 0.1],
  ["gpt-4.1-mini-2025-04-14", 0.4, 1.6, 0.1],
  ["gpt-4.1-nano", 0.1, 0.4, 0.025],
  ["gpt-4.1-nano-2025-04-14", 0.1, 0.4, 0.025],
  ["gpt-4o", 2.5, 10, 1.25],
  ["gpt-4o-2024-11-20", 2.5, 10, 1.25],
  ["gpt-4o-2024-08-06", 2.5, 10, 1.25],
  ["gpt-4o-mini", 0.15, 0.6, 0.075],
  ["gpt-4o-mini-2024-07-18", 0.15, 0.6, 0.075],
  ["o3", 2, 8, 0.5],
  ["o3-2025-04-16", 2, 8, 0.5],
  ["o4-mini", 1.1, 4.4, 0.275],
  ["o4-mini-2025-04-16", 1.1, 4.4, 0.275],
  ["o3-mini", 1.1, 4.4, 0.55],
  ["o1", 15, 60, 7.5],
];

const ANTHROPIC: Row[] = [
  ["claude-opus-4-5", 5, 25, 0.5],
  ["claude-opus-4-5-20251101", 5, 25, 0.5],
  ["claude-opus-4-1", 15, 75, 1.5],
  ["claude-opus-4-1-20250805", 15, 75, 1.5],
  ["claude-opus-4-0", 15, 75, 1.5],
  ["claude-opus-4-20250514", 15, 75, 1.5],
  ["claude-sonnet-4-5", 3, 15, 0.3],
  ["claude-sonnet-4-5-20250929", 3, 15, 0.3],
  ["claude-sonnet-4-0", 3, 15, 0.3],
  ["claude-sonnet-4-20250514", 3, 15, 0.3],
  ["claude-3-7-sonnet-latest", 3, 15, 0.3],
  ["claude-3-7-sonnet-20250219", 3, 15, 0.3],
  ["claude-haiku-4-5", 1, 5, 0.1],
  ["claude-haiku-4-5-20251001", 1, 5, 0.1],
  ["claude-3-5-haiku-latest", 0.8, 4, 0.08],
  ["claude-3-5-haiku-20241022", 0.8, 4, 0.08],
];

const rows = (provider: Provider, list: Row[]): ModelPrice[] =>
  list.map(([model, input, output, cached]) => ({
    id: `${provider}:${model}`,
    provider,
    input_usd_per_mtok: input,
    output_usd_per_mtok: output,
    ...(cached === undefined ? {} : { cached_input_usd_per_mtok: cached }),
  }));

/** The offline fake model: deliberately cheap but not free, so demos show real cost figures. */
export const MOCK_PRICE: ModelPrice = { id: "mock", provider: "mock", input_usd_per_mtok: 0.5, output_usd_per_mtok: 1.5 };

export const PRICE_TABLE: readonly ModelPrice[] = [MOCK_PRICE, ...rows("openai", OPENAI), ...rows("anthropic", ANTHROPIC)];

const BY_ID = new Map(PRICE_TABLE.map((p) => [p.id, p]));

/** Price row of a model, or undefined (unknown models cost $0 and raise a validation warning). */
export function priceOf(model: string): ModelPrice | undefined {
  return BY_ID.get(model);
}

/** `local:` models run on the user's own server: free and always known. */
export function isKnownModel(model: string): boolean {
  return BY_ID.has(model) || (model.startsWith("local:") && model.length > "local:".length);
}
