import { headers } from "next/headers";
import { listedHostnames } from "@/lib/http/request-guard";

/** Who can reach this server and what guards it (sign-in, roles, host names, CSRF), and where the API is described. */
export async function AccessPanel() {
  const h = await headers();
  const reachedAs = h.get("x-forwarded-host") ?? h.get("host") ?? "this server";
  const names = listedHostnames();
  return (
    <section className="mb-6 rounded-lg bg-panel p-5 shadow-sm ring-1 ring-slate-200" data-testid="access-panel">
      <h2 className="text-sm font-semibold text-slate-900">Access and API</h2>
      <p className="text-sm text-slate-500" data-testid="access-sign-in">
        Every page and API call needs a sign-in or an API key, and roles decide what each may do: a viewer reads, an editor also changes and runs workflows, an approver decides
        the gates it is allowed on, an admin does everything. You reach this server as{" "}
        <code className="text-xs text-slate-900" data-testid="reached-as">
          {reachedAs}
        </code>
        ; <code className="text-xs">npm start</code> serves only this machine unless <code className="text-xs">HOST</code> says otherwise. The server speaks plain HTTP: serving a
        network, put a TLS proxy in front, or passwords, session cookies and keys cross it readable.
      </p>
      <p className="mt-2 text-sm text-slate-500" data-testid="host-names">
        It answers to IP addresses, <code className="text-xs">localhost</code>
        {names.length > 0 ? (
          <>
            {" "}
            and {names.map((name, i) => (
              <span key={name}>
                {i > 0 ? ", " : ""}
                <code className="text-xs text-slate-900">{name}</code>
              </span>
            ))}{" "}
            (<code className="text-xs">SWITCHYARD_HOSTNAMES</code>)
          </>
        ) : (
          <>
            {" "}
            and no other name (list names in <code className="text-xs">SWITCHYARD_HOSTNAMES</code>)
          </>
        )}
        , and takes changes only from its own pages or from clients that send no <code className="text-xs">Origin</code>.
      </p>
      <p className="mt-2 text-sm text-slate-500">
        The HTTP API is described as an{" "}
        <a href="/api/openapi" className="font-medium text-blue-600 hover:underline" data-testid="openapi-link">
          OpenAPI 3.1 document
        </a>{" "}
        for client generators and API explorers.
      </p>
    </section>
  );
}
