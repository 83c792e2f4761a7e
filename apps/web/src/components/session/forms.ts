// The first sign-in's form schema, apart from its component (the login form's is in login-form.ts): it loads, and zod
// with it, when the form is first checked (useLazyZodForm), so zod is not part of the first load (docs/performance.md).
import { personNameInput } from "@atelier/domain";
import { z } from "zod";

/** The name a new person gives at their first sign-in. */
export const onboardingForm = z.object({ name: personNameInput });
