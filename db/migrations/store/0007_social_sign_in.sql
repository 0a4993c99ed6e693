CREATE TABLE "customer_identities" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "social_link_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_hash" text NOT NULL,
	"customer_id" integer NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"email" text NOT NULL,
	"mail_token_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_link_requests_mail_token_hash_unique" UNIQUE("mail_token_hash")
);
--> statement-breakpoint
CREATE TABLE "social_sign_in_flows" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"session_hash" text NOT NULL,
	"provider" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"return_to" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_identities" ADD CONSTRAINT "customer_identities_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_link_requests" ADD CONSTRAINT "social_link_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_identities_subject_uq" ON "customer_identities" USING btree ("provider","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_identities_customer_uq" ON "customer_identities" USING btree ("customer_id","provider");--> statement-breakpoint
CREATE INDEX "social_link_requests_session_idx" ON "social_link_requests" USING btree ("session_hash");--> statement-breakpoint
CREATE INDEX "social_sign_in_flows_expires_idx" ON "social_sign_in_flows" USING btree ("expires_at");