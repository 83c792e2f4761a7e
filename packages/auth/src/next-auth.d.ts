// The session the app sees carries our user fields.
import type { SessionUser } from "./session";

declare module "next-auth" {
  interface Session {
    user: SessionUser;
  }
}
