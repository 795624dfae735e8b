"use client";
import { useEffect, useState } from "react";
import { loadModels, loadTools } from "@/lib/client/catalog";
import type { ModelInfo, ToolInfo } from "@/lib/client/types";

/** Known models for the model picker; null while loading. */
export function useModels(): ModelInfo[] | null {
  const [models, setModels] = useState<ModelInfo[] | null>(null);
  useEffect(() => {
    let live = true;
    void loadModels().then((m) => live && setModels(m));
    return () => {
      live = false;
    };
  }, []);
  return models;
}

/** Registered tools for the tool picker; null while loading. */
export function useTools(): ToolInfo[] | null {
  const [tools, setTools] = useState<ToolInfo[] | null>(null);
  useEffect(() => {
    let live = true;
    void loadTools().then((t) => live && setTools(t));
    return () => {
      live = false;
    };
  }, []);
  return tools;
}
