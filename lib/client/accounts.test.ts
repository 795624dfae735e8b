import { describe, expect, it } from "vitest";
import { fieldErrors } from "./accounts";
import { ApiError } from "./http";

describe("fieldErrors", () => {
  const known = ["email", "password"] as const;

  it("puts each refused path beside its field and the rest in the message", () => {
    const err = new ApiError(400, "invalid_body", "the request body does not have the expected shape", {
      issues: [
        { path: "password", message: "a password has at least 10 characters" },
        { path: "password", message: "second message for the same field" },
        { path: "", message: "send role, disabled or name" },
      ],
    });
    expect(fieldErrors(err, known)).toEqual({ fields: { password: "a password has at least 10 characters" }, message: "send role, disabled or name" });
  });

  it("keeps the server's message for other refusals", () => {
    expect(fieldErrors(new ApiError(409, "already_exists", "a user with the email a@b.c exists already"), known)).toEqual({ fields: {}, message: "a user with the email a@b.c exists already" });
    expect(fieldErrors(new TypeError("Failed to fetch"), known)).toEqual({ fields: {}, message: "Failed to fetch" });
  });
});
