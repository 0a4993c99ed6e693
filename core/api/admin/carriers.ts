// The back office's couriers (contract, docs/decisions/0055): the store's carriers with the address
// of their tracking page, listed, read, added, edited with the version they were read at, deleted
// while no shipment names them, and reordered. Staff read them on the order page to ship; managers
// edit them, as the shipping methods.
import { z } from "zod";
import { ReorderInput } from "../../admin/taxonomy";
import { CarrierInput, CarrierUpdate } from "../../shipments";
import { carriersRoutes as routes } from "./carriers.routes";
import { crudEndpoints, PageQuery, Version } from "./taxonomy";

export const AdminCarrier = z
  .object({
    id: z.number().int(),
    name: z.string(),
    trackingUrl: z
      .string()
      .nullable()
      .meta({ description: "The courier's tracking page, with {tracking} where the tracking number goes" }),
    seq: z.number().int(),
    active: z.boolean(),
    version: Version,
  })
  .meta({ id: "AdminCarrier" });

const carriers = crudEndpoints(routes, {
  tag: "carriers",
  noun: "courier",
  read: "content.read",
  write: "content.write",
  item: AdminCarrier,
  input: CarrierInput,
  update: CarrierUpdate,
  query: PageQuery,
  reorder: ReorderInput,
});

export const list = carriers.list;
export const get = carriers.get;
export const create = carriers.create;
export const update = carriers.update;
export const remove = carriers.remove;
export const reorder = carriers.reorder;
