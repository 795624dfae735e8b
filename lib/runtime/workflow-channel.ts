/**
 * Saves of a workflow, announced in this process the moment they commit, so an open editor
 * hears of another person's (or tab's) save at once. The message carries no data: listeners
 * read the new versions from the store, which also serves saves made by other processes
 * (lib/services/workflow-events.ts polls for those).
 */
import { TopicBus } from "./topic-bus";

const globalForChannel = globalThis as unknown as { switchyardWorkflowChannel?: TopicBus<number> };

/** The process's channel: workflow id → the version just saved. */
export function workflowChannel(): TopicBus<number> {
  globalForChannel.switchyardWorkflowChannel ??= new TopicBus<number>("workflow save");
  return globalForChannel.switchyardWorkflowChannel;
}
