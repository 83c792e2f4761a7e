// /verify/<id> for an id that names no certificate: a 404 that says so.
import { StatusPage } from "~/components/shell/status-page";

export default function CertificateNotFound() {
  return (
    <StatusPage
      code="404"
      title="No such certificate"
      description="No approval certificate has this id. Check that the whole address was copied from the certificate or its QR code."
    >
      {null}
    </StatusPage>
  );
}
