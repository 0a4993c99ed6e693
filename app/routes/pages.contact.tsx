import { localBusinessJsonLd } from "../../core/seo";
import { contactContent } from "../../services/content";
import { requestEnv } from "../context";
import { ContactPage } from "../features/content/ContactPage";
import { inquiryAction } from "../features/content/inquiry-action.server";
import { inquiryClientAction } from "../features/content/inquiry-client-action";
import { useWorkingHours } from "../features/content/WorkingHours";
import { seoMeta, useSite } from "../lib/seo";
import { JsonLd } from "../ui/JsonLd";
import type { Route } from "./+types/pages.contact";

export async function loader({ context }: Route.LoaderArgs) {
  const { store } = context.get(requestEnv);
  return { contact: await contactContent(store), storeName: store.config.name };
}

export function action(args: Route.ActionArgs) {
  return inquiryAction(args, "contact");
}

export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return inquiryClientAction(serverAction);
}

export const meta: Route.MetaFunction = (args) => seoMeta(args, { page: "contact", path: "/pages/contact" });

export default function ContactRoute({ loaderData }: Route.ComponentProps) {
  const { contact, storeName } = loaderData;
  const site = useSite();
  const hours = useWorkingHours();
  return (
    <>
      <ContactPage contact={contact} storeName={storeName} />
      {site ? (
        <JsonLd
          data={localBusinessJsonLd(site, {
            address: contact.office.address,
            image: contact.topImage?.src,
            latitude: contact.map.latitude,
            longitude: contact.map.longitude,
            hours,
          })}
        />
      ) : null}
    </>
  );
}
