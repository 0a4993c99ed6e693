// Raw SQL results for the catalogue queries: the one helper lives beside the database client.
export { queryRows } from "../../db/client";
