/** Who performs a request; recorded in versions and audit rows. */
export interface Actor {
  id: string;
  name: string;
}

const LOCAL_ACTOR: Actor = { id: "local", name: "Local user" };

/**
 * The actor behind a request. There is no authentication yet, so every request is the
 * local user; every route calls this one helper so adding auth later changes one place.
 */
export function getActor(_request: Request): Actor {
  return LOCAL_ACTOR;
}
