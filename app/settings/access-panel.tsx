import { headers } from "next/headers";
import { listedHostnames } from "@/lib/api/request-guard";

/** How this server is reached (names, sign-in), and where the API is described. */
export async function AccessPanel() {
  const h = await headers();
  const reachedAs = h.get("x-forwarded-host") ?? h.get("host") ?? "this server";
  const names = listedHostnames();
  return (
    <section className="mb-6 rounded-lg bg-panel p-5 shadow-sm ring-1 ring-slate-200" data-testid="access-panel">
      <h2 className="text-sm font-semibold text-slate-900">Access and API</h2>
      <p className="text-sm text-slate-500">
        Everyone signs in: every page and API call belongs to a person, an API key or a webhook, and its role decides what it may do. You reach this server as{" "}
        <code className="text-xs text-slate-900" data-testid="reached-as">
          {reachedAs}
        </code>
        ; <code className="text-xs">npm start</code> serves only this machine unless <code className="text-xs">HOST</code> says otherwise.
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
