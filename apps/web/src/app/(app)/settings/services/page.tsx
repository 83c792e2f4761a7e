"use client";
// /settings/services: the studio's service catalogue and calendar (docs/services.md), for the studio.
import { ServicesSettings } from "~/components/services/services-settings";

export default function ServicesPage() {
  return <ServicesSettings />;
}
