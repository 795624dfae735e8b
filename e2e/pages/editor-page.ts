import { expect, type Download, type Locator, type Page } from "@playwright/test";
import type { NodeType } from "@/engine/graph/schema";

/** The canvas editor at `/workflows/{id}`. */
export class EditorPage {
  readonly canvas: Locator;
  readonly nodes: Locator;
  readonly edges: Locator;
  readonly inspector: Locator;
  readonly version: Locator;
  readonly saveState: Locator;

  constructor(readonly page: Page) {
    this.canvas = page.getByTestId("canvas");
    this.nodes = page.locator(".react-flow__node");
    this.edges = page.locator(".react-flow__edge");
    this.inspector = page.getByTestId("inspector");
    this.version = page.getByTestId("workflow-version");
    this.saveState = page.getByTestId("save-state");
  }

  async goto(id: string) {
    await this.page.goto(`/workflows/${id}`);
    await expect(this.canvas).toBeVisible();
  }

  /** The id the editor gives the workflow in the URL. */
  workflowId(): string {
    return new URL(this.page.url()).pathname.split("/").pop()!;
  }

  node(id: string): Locator {
    return this.page.getByTestId(`node-${id}`);
  }

  nodeIssues(id: string): Locator {
    return this.page.getByTestId(`node-issues-${id}`);
  }

  /** Drags a palette item onto the canvas at a point relative to the canvas' top-left corner. */
  async drop(type: NodeType, x: number, y: number) {
    const before = await this.nodes.count();
    await this.page.getByTestId(`palette-${type}`).dragTo(this.canvas, { targetPosition: { x, y } });
    await expect(this.nodes).toHaveCount(before + 1);
  }

  /** Draws an edge from one handle to another (`handle-<node>-out|in|true|false`). */
  async connect(from: string, to: string) {
    const before = await this.edges.count();
    const a = await this.page.getByTestId(from).boundingBox();
    const b = await this.page.getByTestId(to).boundingBox();
    if (!a || !b) throw new Error(`handle ${a ? to : from} is not on screen`);
    await this.page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await this.page.mouse.down();
    await this.page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 15 });
    await this.page.mouse.up();
    await expect(this.edges).toHaveCount(before + 1);
  }

  async select(id: string) {
    await this.node(id).click();
    await expect(this.page.getByTestId("node-inspector")).toHaveAttribute("data-node-id", id);
  }

  field(name: string): Locator {
    return this.inspector.getByTestId(`field-${name}`);
  }

  async save() {
    await this.page.getByTestId("save").click();
  }

  async expectSavedAt(version: number) {
    await expect(this.version).toHaveText(`v${version}`);
    await expect(this.saveState).toHaveAttribute("data-dirty", "false");
  }

  /** Clicks the empty canvas so keyboard shortcuts go to the editor, not a field. */
  async focusCanvas() {
    await this.page.locator(".react-flow__pane").click({ position: { x: 10, y: 10 } });
  }

  async export(): Promise<Download> {
    const [download] = await Promise.all([this.page.waitForEvent("download"), this.page.getByTestId("export").click()]);
    return download;
  }

  async importFile(content: string) {
    await this.page.getByTestId("import-file").setInputFiles({ name: "import.workflow.json", mimeType: "application/json", buffer: Buffer.from(content) });
  }

  /** A node's position in flow coordinates (independent of zoom), read from React Flow's transform. */
  async position(id: string): Promise<{ x: number; y: number }> {
    const transform = await this.page.getByTestId(`rf__node-${id}`).evaluate((el) => (el as HTMLElement).style.transform);
    const m = /translate\(([-\d.]+)px,\s*([-\d.]+)px\)/.exec(transform);
    if (!m) throw new Error(`no position in "${transform}"`);
    return { x: Number(m[1]), y: Number(m[2]) };
  }

  /** The node ids on the canvas, in DOM order. */
  async nodeIds(): Promise<string[]> {
    return this.nodes.evaluateAll((els) => els.map((e) => e.getAttribute("data-id") ?? ""));
  }
}
