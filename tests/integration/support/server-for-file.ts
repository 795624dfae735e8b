import { afterAll, beforeAll } from "vitest";
import { client } from "./http";
import { startServer, type ServerOptions, type TestServer } from "./server";

/**
 * One server for the calling test file: started before its tests, stopped after them.
 * Read `server` and `api` inside tests or hooks (they exist once `beforeAll` ran).
 */
export function startServerForFile(options: ServerOptions = {}): { readonly server: TestServer; readonly api: ReturnType<typeof client> } {
  let server: TestServer | undefined;
  let api: ReturnType<typeof client> | undefined;
  beforeAll(async () => {
    server = await startServer(options);
    api = client(server.baseUrl);
  });
  afterAll(async () => server?.stop());
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("startServerForFile: the server has not started yet (use it inside a test or hook)");
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get api() {
      return started(api);
    },
  };
}
