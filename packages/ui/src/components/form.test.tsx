// Forms speak in plain words: each refused field shows the schema's message under it, tied to the control for
// assistive technology; nothing is sent until the values pass; the server's refusals of fields land under them.
import { emailInput, personNameInput, USER_NAME_MAX_LENGTH } from "@atelier/domain";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { Field, fieldError, showServerFieldErrors } from "./form";
import { Input } from "./input";
import { useZodForm } from "./zod-form";

afterEach(cleanup);

const schema = z.object({ name: personNameInput, email: emailInput });
type Values = z.output<typeof schema>;

let placeServerErrors: ((error: unknown) => boolean) | undefined;

function Profile({ onSave }: { onSave: (values: Values) => void }) {
  const form = useZodForm(schema, { defaultValues: { name: "", email: "" } });
  placeServerErrors = (error) => showServerFieldErrors(form, error);
  return (
    <form onSubmit={form.handleSubmit(onSave)} noValidate>
      <Field label="Your name" error={fieldError(form, "name")}>
        {(control) => <Input {...control} {...form.register("name")} />}
      </Field>
      <Field label="E-mail" hint="How you sign in." error={fieldError(form, "email")}>
        {(control) => <Input {...control} {...form.register("email")} />}
      </Field>
      <button type="submit">Save</button>
    </form>
  );
}

const describedText = (input: HTMLElement) =>
  (input.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(" | ");

describe("forms", () => {
  it("shows each field's message under it on submit, marks it invalid, and sends nothing", async () => {
    const onSave = vi.fn();
    render(<Profile onSave={onSave} />);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const name = screen.getByLabelText("Your name");
    await waitFor(() => expect(name.getAttribute("aria-invalid")).toBe("true"));
    expect(describedText(name)).toBe("Your name is required.");
    const email = screen.getByLabelText("E-mail");
    expect(describedText(email)).toBe("How you sign in. | Write an e-mail address such as name@example.com.");
    expect(onSave).not.toHaveBeenCalled();
  });

  it("says when a value is too long, and clears the message once it is fixed", async () => {
    render(<Profile onSave={vi.fn()} />);
    const name = screen.getByLabelText("Your name");
    fireEvent.change(name, { target: { value: "a".repeat(USER_NAME_MAX_LENGTH + 1) } });
    fireEvent.blur(name);
    await screen.findByText(`The name is too long: keep it to ${USER_NAME_MAX_LENGTH} characters.`);
    fireEvent.change(name, { target: { value: "Ada" } });
    await waitFor(() => expect(name.getAttribute("aria-invalid")).toBeNull());
    expect(screen.queryByText(/too long/)).toBeNull();
  });

  it("hands over trimmed values once they pass", async () => {
    const onSave = vi.fn();
    render(<Profile onSave={onSave} />);
    fireEvent.change(screen.getByLabelText("Your name"), { target: { value: "  Ada Lovelace " } });
    fireEvent.change(screen.getByLabelText("E-mail"), { target: { value: " ada@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toEqual({ name: "Ada Lovelace", email: "ada@example.com" });
  });

  it("puts the server's refusal of a field under that field, and ignores fields the form does not have", async () => {
    render(<Profile onSave={vi.fn()} />);
    let placed = false;
    act(() => {
      placed =
        placeServerErrors?.({ data: { zodError: { formErrors: [], fieldErrors: { email: ["That address is taken."], other: ["x"] } } } }) ??
        false;
    });
    expect(placed).toBe(true);
    await screen.findByText("That address is taken.");
    expect(screen.getByLabelText("E-mail").getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByText("x")).toBeNull();
    act(() => {
      placed = placeServerErrors?.(new Error("Network down")) ?? true;
    });
    expect(placed).toBe(false);
  });
});
