// @vitest-environment happy-dom
// The invoice form's lines: typed text is read into integer minor units of the invoice's currency, the total follows the
// lines, lines are added and removed, and a refused value gets its message in plain words under it, tied to its field.
import { useZodForm } from "@atelier/ui";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { invoiceForm } from "./forms";
import { emptyLine, InvoiceLinesEditor, toApiLines } from "./invoice-lines-editor";

afterEach(cleanup);

function Harness({ currency, onSave }: { currency: string; onSave: (lines: ReturnType<typeof toApiLines>) => void }) {
  const form = useZodForm(invoiceForm(currency), {
    defaultValues: { businessId: "acme", projectId: "", dueAt: "", notes: "", lines: [emptyLine()] },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(({ lines }) => onSave(toApiLines(lines)))}>
      <InvoiceLinesEditor form={form} currency={currency} projects={[]} />
      <button type="submit">Save draft</button>
    </form>
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const total = () => screen.getByTestId("invoice-total").textContent;

describe("InvoiceLinesEditor", () => {
  it("totals the lines as they are typed and hands over integer minor units", async () => {
    const onSave = vi.fn();
    render(<Harness currency="USD" onSave={onSave} />);
    expect(total()).toBe("—");
    type("Line 1 description", "Poster design");
    type("Line 1 unit price", "450");
    type("Line 1 tax percent", "20");
    await waitFor(() => expect(total()).toBe("$540.00"));
    fireEvent.click(screen.getByRole("button", { name: /Add line/ }));
    type("Line 2 description", "  Revisions (hours) ");
    type("Line 2 quantity", "3");
    type("Line 2 unit price", "60.50");
    type("Line 2 discount percent", "10");
    type("Line 2 tax percent", "20");
    await waitFor(() => expect(total()).toBe("$736.02"));
    fireEvent.click(screen.getByRole("button", { name: "Save draft" }));
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.calls[0]?.[0]).toEqual([
      { description: "Poster design", quantity: 1, unitAmount: 45000, discountBp: 0, taxRateBp: 2000 },
      { description: "Revisions (hours)", quantity: 3, unitAmount: 6050, discountBp: 1000, taxRateBp: 2000 },
    ]);

    fireEvent.click(screen.getByRole("button", { name: "Remove line 1" }));
    await waitFor(() => expect(screen.getAllByTestId("invoice-line")).toHaveLength(1));
    expect((screen.getByLabelText("Line 1 description") as HTMLInputElement).value).toBe("  Revisions (hours) ");
    expect((screen.getByRole("button", { name: "Remove line 1" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("says under each refused value what is wrong, tied to its field, and sends nothing", async () => {
    const onSave = vi.fn();
    render(<Harness currency="USD" onSave={onSave} />);
    type("Line 1 unit price", "12.345");
    type("Line 1 tax percent", "120");
    type("Line 1 description", "d".repeat(501));
    fireEvent.click(screen.getByRole("button", { name: "Save draft" }));
    const price = screen.getByLabelText("Line 1 unit price");
    await waitFor(() => expect(price.getAttribute("aria-invalid")).toBe("true"));
    const messageOf = (field: HTMLElement) => document.getElementById(field.getAttribute("aria-describedby") ?? "")?.textContent;
    expect(messageOf(price)).toBe("Give a price such as 80.00.");
    expect(messageOf(screen.getByLabelText("Line 1 tax percent"))).toBe("Give a percentage from 0 to 100, such as 20 or 7.5.");
    expect(messageOf(screen.getByLabelText("Line 1 description"))).toBe("The description is too long: keep it to 500 characters.");
    expect(screen.getByLabelText("Line 1 quantity").getAttribute("aria-invalid")).toBeNull();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("reads prices in the currency's own minor digits", async () => {
    const onSave = vi.fn();
    render(<Harness currency="JPY" onSave={onSave} />);
    type("Line 1 description", "Flyer");
    type("Line 1 unit price", "8000");
    type("Line 1 tax percent", "10");
    await waitFor(() => expect(total()).toBe("¥8,800"));
    fireEvent.click(screen.getByRole("button", { name: "Save draft" }));
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.calls[0]?.[0][0]).toMatchObject({ unitAmount: 8000, taxRateBp: 1000 });
  });
});
