// /admin/products/import: import a catalogue file (issue 22). Choose a CSV, "Check file" (a dry
// run on the server: every row, the database's checks too; nothing is written), then "Import"
// (the same file, checked again, written in one transaction). The file's rules are in
// core/integration/csv-catalogue.ts and docs/catalogue-import.md; this screen only uploads.
import { AdminRouteErrorBoundary } from "../../admin/AdminStatus";
import { ProductImportScreen } from "../../admin/catalog/ProductImportScreen";

export function meta() {
  return [{ title: "Import products · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export const ErrorBoundary = AdminRouteErrorBoundary;

export default function AdminProductImport() {
  return <ProductImportScreen />;
}
