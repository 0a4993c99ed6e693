// Which way imports may run (ARCHITECTURE section 3): core is pure; services never reach up into
// the server or the app; db is below both; the browser never loads server code; app/ui is below
// the features; nothing imports in a circle. Checked by tests/unit/import-direction.test.ts
// (npm test) and `npm run lint:imports`. Type-only imports carry no code and are allowed where
// a runtime import is not.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "core-is-pure",
      comment: "core/ holds rules shared by server and browser: it imports only core/ and packages.",
      severity: "error",
      from: { path: "^core/" },
      to: { path: "^(app|server|services|db)/" },
    },
    {
      name: "services-below-server",
      comment: "A service is handed a StoreContext; it never imports the HTTP server or the app.",
      severity: "error",
      from: { path: "^services/" },
      to: { path: "^(server|app)/" },
    },
    {
      name: "db-below-everything",
      comment: "Schemas, migrations, the client and the seed do not import the server or the app.",
      severity: "error",
      from: { path: "^db/" },
      to: { path: "^(server|app)/" },
    },
    {
      name: "app-not-server",
      comment: "The React Router app reads the request through app/context, not server modules.",
      severity: "error",
      from: { path: "^app/" },
      to: { path: "^server/" },
    },
    {
      name: "browser-code-not-services",
      comment:
        "Components and browser modules may import types from services, never code: only route modules (their loaders and actions are removed from the browser build), *.server.ts modules and the server entry may.",
      severity: "error",
      from: { path: "^app/", pathNot: "^app/routes/|\\.server\\.tsx?$|^app/entry\\.server\\.tsx$" },
      to: { path: "^(services|db)/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "ui-below-features",
      comment: "app/ui holds generic pieces; features use them, not the other way round.",
      severity: "error",
      from: { path: "^app/ui/" },
      to: { path: "^app/features/" },
    },
    {
      name: "payments-below-orders",
      comment: "Orders use payment providers; provider code does not know about orders.",
      severity: "error",
      from: { path: "^services/payments/" },
      to: { path: "^services/orders/" },
    },
    {
      name: "no-circular",
      comment: "A circle of runtime imports has no bottom to test or load first.",
      severity: "error",
      from: { path: "^(app|core|server|services|db)/" },
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|build|\\.react-router)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
  },
};
