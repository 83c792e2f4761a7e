"use client";
// Create Project: a title and a service of the studio's (its due date then follows from the turnaround, docs/services.md)
// or the kind of work; staff also choose the business it is for, and may set a due date; a client asking for a service
// may ask for a later day, or a rush when the service offers one, and answers the service's intake form: its brief.
import { checkAnswers, isStaff, PROJECT_EVENTS, servicePriceLabel, turnaroundLabel } from "@atelier/domain";
import { Card, CardContent, CardFooter, Field, fieldError, Input, showServerFieldErrors, useLazyZodForm } from "@atelier/ui";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useSession } from "next-auth/react";
import { useEffect, useState } from "react";
import { Controller, useWatch } from "react-hook-form";
import { EmptyState, PageHeader } from "~/components/common/empty-state";
import { BusinessOptions, FormError, SubmitButton } from "~/components/common/form-parts";
import { formatDay } from "~/components/common/format";
import { NativeSelect } from "~/components/common/native-select";
import { useRequestId } from "~/components/common/use-request-id";
import { type Draft, type DraftAnswer, IntakeFields, sentAnswers } from "~/components/intake/intake-fields";
import { type GivenFile, IntakeFiles } from "~/components/intake/intake-files";
import { DueDateInput } from "~/components/projects/due-date";
import { useTRPC } from "~/trpc/react";

const loadProjectForm = () => import("~/components/projects/forms").then((m) => m.projectForm);

/** 128 random bits in hex: this request's intake folder (crypto.randomUUID needs a secure context). */
const newIntakeId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

export default function CreateProjectPage() {
  const trpc = useTRPC();
  const router = useRouter();
  const { data: session } = useSession();
  const staff = session ? isStaff(session.user.role) : false;
  const businesses = useQuery({ ...trpc.businesses.list.queryOptions(), enabled: staff });
  const form = useLazyZodForm(loadProjectForm, {
    defaultValues: { title: "", serviceId: "", event: "flyer", businessId: "", rush: false, dueOn: "" },
  });
  const [serviceId, businessId, rush] = useWatch({ control: form.control, name: ["serviceId", "businessId", "rush"] });
  // The services offered to the client's business, or to the business the studio chose.
  const services = useQuery({
    ...trpc.services.list.queryOptions(staff ? { businessId, archived: false } : undefined),
    enabled: !!session && (!staff || businessId !== ""),
  });
  const service = services.data?.find((s) => s.id === serviceId);
  const quote = useQuery({
    ...trpc.services.quote.queryOptions({ serviceId, rush, ...(staff ? { businessId } : {}) }),
    enabled: service !== undefined,
  });
  const intakeForm = service?.intakeForm ?? [];
  // The brief as typed, and the problems the shared rule found in it when sent.
  const [intakeId] = useState(newIntakeId);
  const [draft, setDraft] = useState<Draft>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  // Counts refused sends: after each, focus goes to the first question at fault, once its problem is drawn.
  const [focusProblem, setFocusProblem] = useState(0);
  useEffect(() => {
    if (focusProblem > 0) document.querySelector<HTMLElement>("[data-problem] :is(input, textarea, button):not([disabled])")?.focus();
  }, [focusProblem]);
  const answer = (fieldId: string, value: DraftAnswer) => {
    setDraft((now) => ({ ...now, [fieldId]: value }));
    setProblems(({ [fieldId]: _, ...rest }) => rest);
  };
  const filesOf = (fieldId: string) => (draft[fieldId] as GivenFile[] | undefined) ?? [];
  const requestId = useRequestId();
  const create = useMutation(
    trpc.projects.create.mutationOptions({
      onSuccess: ({ id }) => {
        requestId.done();
        router.push(`/projects/${id}`);
      },
      onError: (error) => showServerFieldErrors(form, error),
    }),
  );

  if (session && !staff && !session.user.businessId) {
    return (
      <EmptyState title="Almost there" description="Your account is not linked to a business yet. Ask the studio to add you to yours." />
    );
  }

  const onSubmit = form.handleSubmit(({ title, serviceId, event, businessId, rush, dueOn }) => {
    // Whom the project is for is the studio's choice only, so only its form asks.
    if (staff && !businessId) return form.setError("businessId", { message: "Choose a business." }, { shouldFocus: true });
    const answers = serviceId ? sentAnswers(intakeForm, draft) : {};
    const found = checkAnswers(intakeForm, answers).problems;
    setProblems(found);
    if (Object.keys(found).length > 0) {
      setFocusProblem((n) => n + 1);
      return;
    }
    create.mutate({
      title,
      event,
      ...(serviceId ? { serviceId, rush } : {}),
      ...(intakeForm.length > 0 ? { answers: answers as never, intakeId } : {}),
      ...(staff ? { businessId } : {}),
      ...((staff || serviceId) && dueOn ? { dueOn } : {}),
      requestId: requestId.current(),
    });
  });

  return (
    <>
      <PageHeader title="Create Project" description="Name the request; briefing files and materials come next." />
      <Card className="max-w-xl">
        <form onSubmit={onSubmit} noValidate>
          <CardContent className="grid gap-4 pt-6">
            <Field label="Title" error={fieldError(form, "title")}>
              {(control) => <Input {...control} placeholder="Summer party flyer" autoFocus {...form.register("title")} />}
            </Field>
            {(services.data?.length ?? 0) > 0 && (
              <fieldset className="grid gap-2">
                <legend className="mb-1 text-sm font-medium">Service</legend>
                <Controller
                  control={form.control}
                  name="serviceId"
                  render={({ field }) => (
                    <div className="grid gap-2" data-testid="service-choice">
                      {[...(services.data ?? []), null].map((s) => (
                        <label
                          key={s?.id ?? "none"}
                          className="flex min-h-11 cursor-pointer gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent"
                        >
                          <input
                            type="radio"
                            name={field.name}
                            className="mt-1 size-4 shrink-0 accent-primary"
                            value={s?.id ?? ""}
                            checked={field.value === (s?.id ?? "")}
                            onChange={() => {
                              field.onChange(s?.id ?? "");
                              form.setValue("rush", false);
                            }}
                          />
                          <span className="grid min-w-0 gap-0.5">
                            <span className="font-medium wrap-anywhere">{s ? s.name : "Something else"}</span>
                            <span className="text-muted-foreground">
                              {s
                                ? `${servicePriceLabel(s)} · ${turnaroundLabel(s.turnaroundDays)} · ${s.rounds} change round${s.rounds === 1 ? "" : "s"}`
                                : "Describe it in the brief; the studio sets the date."}
                            </span>
                            {s?.description && (
                              <span className="whitespace-pre-wrap wrap-anywhere text-muted-foreground">{s.description}</span>
                            )}
                          </span>
                        </label>
                      ))}
                    </div>
                  )}
                />
              </fieldset>
            )}
            {service && (
              <div className="grid gap-2 rounded-md bg-muted p-3 text-sm" data-testid="service-quote" aria-live="polite">
                <p>
                  {quote.data ? (
                    <>
                      Due <strong>{formatDay(quote.data.dueOn)}</strong> (
                      {turnaroundLabel(rush && service.rushDays !== null ? service.rushDays : service.turnaroundDays)})
                      {quote.data.price !== null && <> · {servicePriceLabel({ price: quote.data.price, currency: quote.data.currency })}</>}
                    </>
                  ) : (
                    "Working out the due date…"
                  )}
                </p>
                {service.rushDays !== null && (
                  <label className="flex min-h-11 items-center gap-2 sm:min-h-8">
                    <input type="checkbox" className="size-4 accent-primary" {...form.register("rush")} />
                    Rush: {turnaroundLabel(service.rushDays)}
                    {service.rushPrice !== null && `, ${servicePriceLabel({ price: service.rushPrice, currency: service.currency })}`}
                  </label>
                )}
              </div>
            )}
            {intakeForm.length > 0 && (
              <section className="grid gap-3 rounded-md border p-3" aria-labelledby="brief-heading" data-testid="intake-form">
                <h2 id="brief-heading" className="text-sm font-semibold">
                  The brief
                </h2>
                <IntakeFields
                  fields={intakeForm}
                  draft={draft}
                  onChange={answer}
                  problems={problems}
                  files={(field) => (
                    <IntakeFiles
                      field={field}
                      target={{ intakeId, ...(staff && businessId ? { forBusinessId: businessId } : {}) }}
                      files={filesOf(field.id)}
                      onAdd={(added) => {
                        setDraft((now) => ({ ...now, [field.id]: [...((now[field.id] as GivenFile[] | undefined) ?? []), ...added] }));
                        setProblems(({ [field.id]: _, ...rest }) => rest);
                      }}
                      onRemove={(id) =>
                        setDraft((now) => ({
                          ...now,
                          [field.id]: ((now[field.id] as GivenFile[] | undefined) ?? []).filter((f) => f.id !== id),
                        }))
                      }
                    />
                  )}
                />
              </section>
            )}
            {!service && (
              <Field label="Kind of work" error={fieldError(form, "event")}>
                {(control) => (
                  <Controller
                    control={form.control}
                    name="event"
                    render={({ field }) => (
                      <NativeSelect {...control} value={field.value} onChange={(e) => field.onChange(e.target.value)}>
                        {PROJECT_EVENTS.map((e) => (
                          <option key={e.value} value={e.value}>
                            {e.label}
                          </option>
                        ))}
                      </NativeSelect>
                    )}
                  />
                )}
              </Field>
            )}
            {staff && (
              <Field label="Business" error={fieldError(form, "businessId")}>
                {(control) => (
                  <Controller
                    control={form.control}
                    name="businessId"
                    render={({ field }) => (
                      <NativeSelect
                        {...control}
                        value={field.value}
                        onChange={(e) => {
                          field.onChange(e.target.value);
                          form.clearErrors("businessId");
                        }}
                      >
                        <option value="" disabled>
                          {businesses.isPending ? "Loading…" : "Choose a business"}
                        </option>
                        <BusinessOptions businesses={businesses.data} />
                      </NativeSelect>
                    )}
                  />
                )}
              </Field>
            )}
            {(staff || service) && (
              <Field
                label={staff ? "Due date (optional)" : "A later day (optional)"}
                hint={!staff && quote.data ? `From ${formatDay(quote.data.dueOn)} on; sooner only as a rush.` : undefined}
                error={fieldError(form, "dueOn")}
              >
                {(control) => (
                  <Controller
                    control={form.control}
                    name="dueOn"
                    render={({ field }) => <DueDateInput {...control} value={field.value} onChange={field.onChange} />}
                  />
                )}
              </Field>
            )}
            <FormError error={create.error} fieldsShown />
          </CardContent>
          <CardFooter className="justify-end">
            {/* Still "Creating…" after success, while the page moves to the new project. */}
            <SubmitButton pending={create.isPending || create.isSuccess} pendingLabel="Creating…">
              Create Project
            </SubmitButton>
          </CardFooter>
        </form>
      </Card>
    </>
  );
}
