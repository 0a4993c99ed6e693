// The back office's blog routes: posts (list, one, create, update, delete), the preview of an
// unsaved post, and the pictures of its body and cover (services/admin/blog.ts).
import * as contract from "../../core/api/admin/blog";
import * as blog from "../../services/admin/blog";
import { type AdminRouter, actorOf, guarded, uploadFields } from "./register";

export function registerAdminBlogRoutes(api: AdminRouter) {
  api.openapi(guarded(api, contract.list), async (c) =>
    c.json(await blog.listPosts(c.var.store, c.req.valid("query")), 200),
  );
  api.openapi(guarded(api, contract.get), async (c) =>
    c.json(await blog.getPost(c.var.store, c.req.valid("param").id), 200),
  );
  api.openapi(guarded(api, contract.create), async (c) =>
    c.json(await blog.createPost(c.var.store, actorOf(c), c.req.valid("json")), 201),
  );
  api.openapi(guarded(api, contract.update), async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await blog.updatePost(c.var.store, actorOf(c), id, c.req.valid("json")), 200);
  });
  api.openapi(guarded(api, contract.remove), async (c) => {
    const { id } = c.req.valid("param");
    await blog.deletePost(c.var.store, actorOf(c), id, c.req.valid("query").version);
    return c.json({ ok: true as const }, 200);
  });
  api.openapi(guarded(api, contract.preview), async (c) =>
    c.json(await blog.previewPost(c.var.store, c.req.valid("json")), 200),
  );
  api.openapi(guarded(api, contract.uploadImage), async (c) => {
    const { kind } = c.req.valid("query");
    const form = await uploadFields(c);
    const name = typeof form.name === "string" ? form.name : `blog-${kind}`;
    return c.json(await blog.storeBlogImage(c.var.store, actorOf(c), kind, form.file, name), 201);
  });
}
