// Notification timestamps, always shown in the studio's time zone whatever the viewer's.

import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";

const NOTIFICATION_TIME_ZONE = "America/Los_Angeles";

// 'H' (24-hour) next to 'a' is the fixed format (docs/notifications.md, "The bell"), so 14:05 reads "14:05PM".
const NOTIFICATION_TIME_FORMAT = "MMMM do, H:mma";

export function formatNotificationTime(date: Date): string {
  return format(new TZDate(date.getTime(), NOTIFICATION_TIME_ZONE), NOTIFICATION_TIME_FORMAT);
}
