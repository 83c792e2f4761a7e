// The login form's fields, loaded when the form is first checked: zod stays out of the login page's first load.
import { emailInput } from "@atelier/domain";
import { z } from "zod";

export const loginForm = z.object({ email: emailInput });
